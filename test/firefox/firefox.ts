// Debian's Firefox ESR with the built Firefox package (out/extension-firefox) installed as a
// temporary add-on over WebDriver BiDi, in a temporary home whose Firefox host manifest the app's
// own registration wrote (registration.ts, as at every start of the app), pointing at the built
// relay. The relay inherits Firefox's environment, which points it at the test's socket.
//
// What stands in for a user's machine: the CRMs' real host names reach the fake CRM pages through
// a CONNECT proxy on loopback (Firefox has no host-resolver switch), whose certificate BiDi's
// `acceptInsecureCerts` lets pass; the extension's moz-extension:// host is fixed by the pref
// `extensions.webextensions.uuids`, so the panel can be opened as a page (`panel.html?tab=<id>`,
// the page the background gives the sidebar on that tab: a headless Firefox shows no sidebar);
// `--remote-allow-system-access` is what lets BiDi navigate a tab to a moz-extension:// page.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { FIREFOX_EXTENSION_ID } from '../../electron/companion/registration/extension-ids';
import {
  applyRegistration,
  registrationPlan,
  type RegistryAccess,
} from '../../electron/companion/registration/registration';
import { relayBinary } from '../support/relay-binary';
import { connectBidi, type Bidi } from './bidi';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const FIREFOX_PACKAGE = resolve(import.meta.dirname, '../../out/extension-firefox');
/** The extension's moz-extension:// host in the test profile. */
export const EXTENSION_UUID = '3f6c1a52-7d0e-4b8a-9c41-2e5d8f0b6a17';
export const EXTENSION_BASE = `moz-extension://${EXTENSION_UUID}`;

/**
 * Where Debian's Firefox reads the machine's enterprise policies (one file; writable by root
 * alone). The walk writes IT's managed settings for the extension there when it may.
 */
export const POLICIES_FILE = '/etc/firefox/policies/policies.json';

/**
 * Why the walk cannot write the machine's policies file, or undefined when it can: root only,
 * and never over a file the machine already has.
 */
export function policiesBlocked(): string | undefined {
  if (process.getuid?.() !== 0) return `writing ${POLICIES_FILE} needs root`;
  if (existsSync(POLICIES_FILE)) return `${POLICIES_FILE} exists already: not replaced`;
  return undefined;
}

/** Why the walk cannot run here, or undefined when it can. */
export function firefoxMissing(): string | undefined {
  if (process.platform !== 'linux') return 'the Firefox walk runs on Linux (Debian’s firefox-esr)';
  if (!existsSync(FIREFOX_PATH))
    return `no Firefox at ${FIREFOX_PATH}: apt-get install firefox-esr`;
  if (!existsSync(join(FIREFOX_PACKAGE, 'manifest.json'))) {
    return 'no out/extension-firefox: npm run build:extension';
  }
  return undefined;
}

/** A CONNECT proxy that sends every tunnel to `port` on loopback (the fake CRM pages). */
async function tunnelTo(port: number): Promise<Server> {
  const proxy = createServer((_request, response) => response.writeHead(405).end());
  proxy.on('connect', (_request, client) => {
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  return proxy;
}

const noRegistry = (): Promise<never> => Promise.reject(new Error('no registry on Linux'));
const NO_REGISTRY: RegistryAccess = { read: noRegistry, write: noRegistry, remove: noRegistry };

const pref = (name: string, value: string | number | boolean) =>
  `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`;

export interface FirefoxWithExtension {
  bidi: Bidi;
  /** The manifest the app's registration wrote under the temporary home. */
  hostManifest: string;
  close(): Promise<void>;
}

const Listening = /WebDriver BiDi listening on (ws:\/\/\S+)/;

export async function launchFirefox(options: {
  crmPort: number;
  env: Record<string, string>;
  /** Written to POLICIES_FILE for this run (see policiesBlocked), and removed on close. */
  policies?: Record<string, unknown>;
}): Promise<FirefoxWithExtension> {
  const home = await mkdtemp(join(tmpdir(), 'firefox-home-'));
  const profile = join(home, 'profile');
  let proxy: Server | undefined;
  let firefox: ChildProcess | undefined;
  let bidi: Bidi | undefined;
  const close = async () => {
    bidi?.close();
    if (firefox !== undefined && firefox.exitCode === null) {
      const exited = new Promise((done) => firefox?.once('exit', done));
      firefox.kill();
      await exited;
    }
    await new Promise((done) => (proxy === undefined ? done(undefined) : proxy.close(done)));
    await rm(home, { recursive: true, force: true });
    if (wrotePolicies) {
      await rm(POLICIES_FILE, { force: true });
      // The folders too, when the walk made them and nothing else is in them.
      await rmdir(join(POLICIES_FILE, '..')).catch(() => undefined);
      await rmdir(join(POLICIES_FILE, '..', '..')).catch(() => undefined);
    }
  };
  let wrotePolicies = false;
  try {
    if (options.policies !== undefined) {
      const blocked = policiesBlocked();
      if (blocked !== undefined) throw new Error(blocked);
      await mkdir(join(POLICIES_FILE, '..'), { recursive: true });
      await writeFile(POLICIES_FILE, JSON.stringify({ policies: options.policies }));
      wrotePolicies = true;
    }
    // Firefox has run for this user: the app registers it (a folder of its own under ~/.mozilla).
    await mkdir(join(home, '.mozilla', 'firefox'), { recursive: true });
    const plan = registrationPlan({
      platform: 'linux',
      env: {},
      home,
      uid: process.getuid?.() ?? 0,
      username: 'walker',
      // Never run: the relay is pointed at a folder without a launch file (the walk's env).
      launchCommand: ['assistant-desktop'],
      relayPath: relayBinary(),
      allowedOrigins: [],
    });
    await applyRegistration(plan, NO_REGISTRY);
    const hostManifest = plan.manifestFiles.find((p) => p.browser === 'firefox')?.manifestPath;
    if (hostManifest === undefined || !existsSync(hostManifest)) {
      throw new Error('Registration wrote no Firefox host manifest');
    }

    proxy = await tunnelTo(options.crmPort);
    const proxyPort = (proxy.address() as AddressInfo).port;
    await mkdir(profile);
    await writeFile(
      join(profile, 'user.js'),
      [
        pref(
          'extensions.webextensions.uuids',
          JSON.stringify({ [FIREFOX_EXTENSION_ID]: EXTENSION_UUID }),
        ),
        pref('network.proxy.type', 1),
        pref('network.proxy.ssl', '127.0.0.1'),
        pref('network.proxy.ssl_port', proxyPort),
        pref('network.proxy.no_proxies_on', ''),
        pref('network.proxy.allow_hijacking_localhost', true),
        pref('browser.shell.checkDefaultBrowser', false),
        pref('datareporting.policy.dataSubmissionEnabled', false),
        pref('app.update.disabledForTesting', true),
      ].join('\n'),
    );
    firefox = spawn(
      FIREFOX_PATH,
      [
        '--headless',
        '--no-remote',
        '--profile',
        profile,
        '--remote-debugging-port',
        '0',
        '--remote-allow-system-access',
      ],
      { env: { ...process.env, ...options.env, HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const started = firefox;
    const url = await new Promise<string>((found, failed) => {
      let text = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = Listening.exec(text);
        if (match?.[1] !== undefined) found(match[1]);
      });
      started.once('exit', (code) => failed(new Error(`Firefox exited (${code}): ${text}`)));
    });
    bidi = await connectBidi(`${url}/session`);
    await bidi.send('session.new', {
      capabilities: { alwaysMatch: { acceptInsecureCerts: true } },
    });
    const installed = z.object({ extension: z.string() }).parse(
      await bidi.send('webExtension.install', {
        extensionData: { type: 'path', path: FIREFOX_PACKAGE },
      }),
    );
    if (installed.extension !== FIREFOX_EXTENSION_ID) {
      throw new Error(`Installed ${installed.extension}, not ${FIREFOX_EXTENSION_ID}`);
    }
    return { bidi, hostManifest, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const Evaluated = z.object({
  type: z.enum(['success', 'exception']),
  result: z.object({ type: z.string(), value: z.unknown().optional() }).optional(),
  exceptionDetails: z.object({ text: z.string() }).optional(),
});

/** Runs `expression` in the tab `context` (awaiting a promise); its value, JSON-serialised in it. */
export async function evaluate(bidi: Bidi, context: string, expression: string): Promise<unknown> {
  const reply = Evaluated.parse(
    await bidi.send('script.evaluate', {
      expression: `Promise.resolve(${expression}).then((value) => JSON.stringify(value ?? null))`,
      target: { context },
      awaitPromise: true,
    }),
  );
  if (reply.type === 'exception') throw new Error(reply.exceptionDetails?.text ?? 'exception');
  return JSON.parse(String(reply.result?.value)) as unknown;
}

/** Asks again until `check` accepts the value, or fails with the last one after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read().catch(() => last);
    if (last !== undefined && check(last)) return last;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const Tree = z.object({ contexts: z.array(z.object({ context: z.string() })) });
const Created = z.object({ context: z.string() });

/** The first tab's BiDi context, and a new tab's. */
export async function twoTabs(bidi: Bidi): Promise<[string, string]> {
  const first = Tree.parse(await bidi.send('browsingContext.getTree', {})).contexts[0]?.context;
  if (first === undefined) throw new Error('Firefox has no tab');
  const second = Created.parse(await bidi.send('browsingContext.create', { type: 'tab' }));
  return [first, second.context];
}

export async function navigate(bidi: Bidi, context: string, url: string): Promise<void> {
  await bidi.send('browsingContext.navigate', { context, url, wait: 'complete' });
}

const Tabs = z.array(z.object({ id: z.number(), url: z.string().optional() }));

/** The extension's id of the tab showing `url`, asked from one of the extension's own pages. */
export async function tabIdShowing(
  bidi: Bidi,
  extensionPage: string,
  url: string,
): Promise<number> {
  const tabs = Tabs.parse(
    await evaluate(
      bidi,
      extensionPage,
      'chrome.tabs.query({}).then((all) => all.map(({ id, url }) => ({ id, url })))',
    ),
  );
  const tabId = tabs.find((tab) => tab.url === url)?.id;
  if (tabId === undefined) throw new Error(`No tab shows ${url}: ${JSON.stringify(tabs)}`);
  return tabId;
}
