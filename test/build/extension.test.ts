// The built extension (npm run build:extension): the fewest permissions that work, no remote code
// and no eval, none of the desktop app's client, the development key that gives the fixed id, and
// a store zip of exactly the folder but for its manifest, which has no `key` (the Chrome Web Store
// refuses an upload with one).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_EXTENSION_ID,
  extensionIdOf,
} from '../../electron/companion/registration/extension-ids';
import { LANGUAGES } from '../../electron/domain/i18n/languages';
import { readZip, zipEntryNames } from '../../extension/build/zip';

const root = join(import.meta.dirname, '../..');
const folder = join(root, 'out', 'extension');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
  manifest_version: number;
  name: string;
  version: string;
  key: string;
  permissions: string[];
  host_permissions: string[];
  optional_host_permissions?: string[];
  content_security_policy: { extension_pages: string };
  background: { service_worker: string };
  options_ui?: { page: string; open_in_tab?: boolean };
  storage?: { managed_schema?: string };
  content_scripts?: unknown;
};

const archive = () => readFileSync(join(root, 'out', `assistant-companion-${version}.zip`));

function files(): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The five CRMs' hosts, as the recogniser reads them (extension/src/deal-address). */
const CRM_HOST =
  /^https:\/\/(\*\.lightning\.force\.com|\*\.my\.salesforce\.com|app(-[a-z]{2,3}\d{0,2})?\.hubspot\.com|\*\.pipedrive\.com|\*\.dynamics\.com|crm\.zoho\.[a-z.]+)\/\*$/;

describe('the built extension', () => {
  it('is Manifest V3 at the app’s version, with the development key giving the fixed id', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe(version);
    expect(extensionIdOf(manifest.key)).toBe(DEVELOPMENT_EXTENSION_ID);
  });

  it('asks for exactly the side panel, native messaging and its preferences’ storage', () => {
    expect([...manifest.permissions].sort()).toEqual(['nativeMessaging', 'sidePanel', 'storage']);
    expect(manifest.content_scripts).toBeUndefined();
  });

  it('reaches only the five CRMs’ hosts; a company’s own domain only when the user adds it', () => {
    expect(manifest.host_permissions.length).toBeGreaterThan(0);
    for (const pattern of manifest.host_permissions) expect(pattern).toMatch(CRM_HOST);
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('<all_urls>');
    expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
  });

  it('carries the schema of what IT may set, as the manifest names it', () => {
    expect(manifest.storage?.managed_schema).toBe('managed-schema.json');
    expect(files()).toContain('managed-schema.json');
  });

  it('runs only its own scripts: a strict CSP, no remote code, no eval', () => {
    const csp = manifest.content_security_policy.extension_pages;
    expect(csp).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toMatch(/unsafe|wasm/);
    // The side panel and the options page (a company's own CRM address), each of the extension's.
    expect(manifest.options_ui).toEqual({ page: 'options.html', open_in_tab: true });
    for (const page of ['panel.html', 'options.html']) {
      const html = readFileSync(join(folder, page), 'utf8');
      for (const [, src = ''] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
        expect(src, page).toMatch(/^\.\//);
        expect(files(), page).toContain(src.slice(2));
      }
    }
    const scripts = files().filter((file) => file.endsWith('.js'));
    expect(scripts).toContain(manifest.background.service_worker);
    for (const file of scripts) {
      const code = readFileSync(join(folder, file), 'utf8');
      expect(code, file).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
      expect(code, file).not.toMatch(/import\(\s*["'`]https?:/);
      expect(code, file).not.toMatch(/\bfrom\s*["'`]https?:/);
    }
  });

  it('carries none of the desktop app’s client: the panel shares the renderer’s code by import', () => {
    // Markers of what the desktop's client would bring: browser mode's bridge opens a WebSocket
    // (src/platform/bridge), and the app's Call throws a `RequestError` (src/platform/requests).
    // The panel gets its link openers through src/ui/linkOpeners, not by a build-time swap.
    const scripts = files().filter((file) => file.endsWith('.js'));
    for (const file of scripts) {
      const code = readFileSync(join(folder, file), 'utf8');
      expect(code, file).not.toMatch(/\bWebSocket\b/);
      expect(code, file).not.toContain('RequestError');
    }
  });

  it('names and describes itself in each of the app’s languages, within the stores’ limits', () => {
    expect(manifest.name).toBe('__MSG_extName__');
    const locales = readdirSync(join(folder, '_locales')).sort();
    expect(locales).toEqual(LANGUAGES.map((language) => language.replace('-', '_')).sort());
    for (const locale of locales) {
      const words = JSON.parse(
        readFileSync(join(folder, '_locales', locale, 'messages.json'), 'utf8'),
      ) as Record<'extName' | 'extDescription', { message: string }>;
      expect(words.extName.message.length, locale).toBeGreaterThan(0);
      expect(words.extName.message.length, locale).toBeLessThanOrEqual(75);
      expect(words.extDescription.message.length, locale).toBeLessThanOrEqual(132);
    }
  });

  it('is zipped for the stores with exactly the folder’s files', () => {
    expect(zipEntryNames(archive()).sort()).toEqual(files());
  });

  it('gives the stores a manifest without `key`, otherwise the development folder’s', () => {
    const store = readZip(archive()).find((entry) => entry.name === 'manifest.json');
    const storeManifest = JSON.parse(store?.data.toString('utf8') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(storeManifest).not.toHaveProperty('key');
    const { key, ...rest } = manifest;
    expect(extensionIdOf(key)).toBe(DEVELOPMENT_EXTENSION_ID);
    expect(storeManifest).toEqual(rest);
  });

  it('zips every other file byte for byte as the development folder has it', () => {
    const others = readZip(archive()).filter((entry) => entry.name !== 'manifest.json');
    expect(others.length).toBe(files().length - 1);
    for (const entry of others) {
      expect(entry.data.equals(readFileSync(join(folder, entry.name))), entry.name).toBe(true);
    }
  });
});
