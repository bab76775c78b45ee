// Chromium with the built extension loaded from out/extension, in a temporary profile whose
// NativeMessagingHosts folder holds the host manifest (electron/companion/registration/manifests.ts makes
// it) pointing at the built relay. The relay inherits the browser's environment, which points it
// at the test's socket and companion folder.
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hostManifest } from '../../electron/companion/registration/manifests';
import { NATIVE_HOST_NAME } from '../../electron/companion/places';
import {
  allowedOrigins,
  DEVELOPMENT_EXTENSION_ID,
} from '../../electron/companion/registration/extension-ids';
import { requireChromium } from '../support/chromium';
import { relayBinary } from '../support/relay-binary';

export const EXTENSION_FOLDER = resolve(import.meta.dirname, '../../out/extension');
export const PANEL_URL = `chrome-extension://${DEVELOPMENT_EXTENSION_ID}/panel.html`;
export const OPTIONS_URL = `chrome-extension://${DEVELOPMENT_EXTENSION_ID}/options.html`;

/** A company's own CRM host (own-domain.spec.ts adds it on the options page). */
export const OWN_CRM_HOST = 'crm.acme.test';

/** A company's Salesforce under its own domain, set by IT in managed storage (managed-domains.spec.ts). */
export const MANAGED_CRM_HOST = 'sales.globex.test';

/** Another company's Pipedrive: its deal numbers overlap the user's (pipedrive.spec.ts). */
export const FOREIGN_PIPEDRIVE_HOST = 'attacker-trial.pipedrive.com';

/** The CRMs' host names the browser resolves to the fake CRM pages. */
export const CRM_HOSTS = [
  'acme.lightning.force.com',
  'app.hubspot.com',
  'acme.pipedrive.com',
  FOREIGN_PIPEDRIVE_HOST,
  'acme.crm4.dynamics.com',
  'crm.zoho.eu',
  OWN_CRM_HOST,
  MANAGED_CRM_HOST,
];

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  profile: string;
  close(): Promise<void>;
}

/** Registers the relay as the native host in `profile`, as the app does at every start. */
export async function registerHost(profile: string): Promise<void> {
  const hosts = join(profile, 'NativeMessagingHosts');
  await mkdir(hosts, { recursive: true });
  await writeFile(
    join(hosts, `${NATIVE_HOST_NAME}.json`),
    JSON.stringify(hostManifest(relayBinary(), allowedOrigins('development'))),
  );
}

export async function launchWithExtension(options: {
  crmPort: number;
  env: Record<string, string>;
  /** Leave the host unregistered, as on a computer without the app. */
  unregistered?: boolean;
  /** The browser's interface language (Chromium on Linux reads LANGUAGE), and its locale. */
  language?: string;
  /** A user-data-dir of the caller's (one the app registered the host in), kept on close. */
  profile?: string;
}): Promise<ExtensionBrowser> {
  const profile = options.profile ?? (await mkdtemp(join(tmpdir(), 'extension-profile-')));
  if (options.unregistered !== true) await registerHost(profile);
  const rules = CRM_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${options.crmPort}`).join(',');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    env: {
      ...process.env,
      ...options.env,
      ...(options.language === undefined ? {} : { LANGUAGE: options.language }),
    } as Record<string, string>,
    ...(options.language === undefined ? {} : { locale: options.language }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--disable-extensions-except=${EXTENSION_FOLDER}`,
      `--load-extension=${EXTENSION_FOLDER}`,
      `--host-resolver-rules=${rules}`,
      '--ignore-certificate-errors',
    ],
  });
  const worker =
    context.serviceWorkers().find((w) => w.url().includes(DEVELOPMENT_EXTENSION_ID)) ??
    (await context.waitForEvent('serviceworker', (w) =>
      w.url().includes(DEVELOPMENT_EXTENSION_ID),
    ));
  return {
    context,
    worker,
    profile,
    close: async () => {
      await context.close();
      if (options.profile === undefined) await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The browser's id of the tab showing `url` (the service worker asks chrome.tabs). */
export async function tabIdOf(worker: Worker, url: string): Promise<number> {
  return worker.evaluate(async (address) => {
    const api = (
      globalThis as unknown as {
        chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };
      }
    ).chrome;
    const tabs = await api.tabs.query({});
    const found = tabs.find((tab) => tab.url === address);
    if (found?.id === undefined) throw new Error(`No tab shows ${address}`);
    return found.id;
  }, url);
}

/** Whether the side panel is enabled on a tab, and the path it opens there. */
export async function panelOptionsOf(
  worker: Worker,
  tabId: number,
): Promise<{ enabled?: boolean; path?: string }> {
  return worker.evaluate(async (id) => {
    const api = (
      globalThis as unknown as {
        chrome: {
          sidePanel: { getOptions(q: object): Promise<{ enabled?: boolean; path?: string }> };
        };
      }
    ).chrome;
    return api.sidePanel.getOptions({ tabId: id });
  }, tabId);
}

/**
 * Records in a closed profile that the user accepted the browser's prompt for a host permission,
 * where Chromium keeps an accepted `chrome.permissions.request`: the extension's entry in the
 * profile's Preferences. Chromium has no switch that answers that prompt, and a test cannot click
 * it; the next launch starts with the permission granted, as after a real Allow.
 */
export async function grantHostPermission(profile: string, pattern: string): Promise<void> {
  const file = join(profile, 'Default', 'Preferences');
  const preferences = JSON.parse(await readFile(file, 'utf8')) as {
    extensions: { settings: Record<string, Record<string, { explicit_host?: string[] }>> };
  };
  const entry = preferences.extensions.settings[DEVELOPMENT_EXTENSION_ID];
  if (entry === undefined) throw new Error('The extension has no entry in the profile yet.');
  for (const key of ['active_permissions', 'granted_permissions', 'runtime_granted_permissions']) {
    const permissions = (entry[key] ??= {});
    permissions.explicit_host = [...(permissions.explicit_host ?? []), pattern];
  }
  await writeFile(file, JSON.stringify(preferences));
}

/** What the extension keeps in chrome.storage.local under `key`. */
export async function storedValue(worker: Worker, key: string): Promise<unknown> {
  return worker.evaluate(async (name) => {
    const api = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: string[]): Promise<Record<string, unknown>> } } };
      }
    ).chrome;
    return (await api.storage.local.get([name]))[name];
  }, key);
}

/** Whether the extension holds the host permission `pattern`. */
export async function hasHostPermission(worker: Worker, pattern: string): Promise<boolean> {
  return worker.evaluate(async (origin) => {
    const api = (
      globalThis as unknown as {
        chrome: { permissions: { contains(p: { origins: string[] }): Promise<boolean> } };
      }
    ).chrome;
    return api.permissions.contains({ origins: [origin] });
  }, pattern);
}
