// `npm run web -- --port N [--data-dir DIR] [--no-build] [--project-dir DIR]`: browser mode. Uses
// ASSISTANT_BASE_URL and ASSISTANT_SESSION_TOKEN when set, else the embedded demo service. Prints
// one JSON line with the address to open (it carries the host secret) on stdout once serving and
// registered with the browsers (companion-registration.ts); logs go to stderr and the data
// directory (default: the per-user state folder, see data-dir.ts).
// `npm run web -- --unregister-companion` removes that registration and exits.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { UNREGISTER_FLAG } from '../companion/registration/registration';
import {
  registerSafely,
  registerTarget,
  unregisterFromCommandLine,
} from '../companion/registration/register';
import { normaliseBaseUrl } from '../core/api/url';
import { AssistantError } from '../core/errors';
import { startBrowserMode, type BrowserMode } from './browser-mode';
import {
  browserModePlaces,
  browserModeRegistrationTarget,
  browserModeRelayPath,
  builtWebEntry,
  type BrowserModeRun,
} from './companion-registration';
import { defaultBrowserDataDir } from './data-dir';
import { ensureBuiltEntry } from './ensure-built-entry';
import { ensureRenderer } from './ensure-renderer';

const Port = z.coerce.number().int().min(0).max(65_535);

// This file is electron/web/cli.ts under tsx and out/web/cli.js built: the checkout is two up.
const CODE_ROOT = resolve(import.meta.dirname, '..', '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5180' },
      'data-dir': { type: 'string' },
      'project-dir': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-notifications': { type: 'boolean', default: false },
      [UNREGISTER_FLAG.slice(2)]: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const facts = { platform: process.platform, env: process.env, execPath: process.execPath };
  if (values[UNREGISTER_FLAG.slice(2)] === true) {
    const relay = browserModeRelayPath({ ...facts, codeRoot: CODE_ROOT });
    process.exit(await unregisterFromCommandLine(browserModePlaces(), relay, 'Browser mode'));
  }
  const port = Port.safeParse(values.port);
  if (!port.success)
    throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  // Checked before anything else: a plain-http address elsewhere is refused before any request.
  const configured = process.env.ASSISTANT_BASE_URL?.trim() || undefined;
  const baseUrl = configured === undefined ? undefined : normaliseBaseUrl(configured);
  // The relay starts browser mode from the browser's working folder: the launch file names it.
  const projectDir = resolve(values['project-dir'] ?? process.cwd());
  const dataDir = resolve(
    values['data-dir'] ?? (process.env.ASSISTANT_DATA_DIR || defaultBrowserDataDir()),
  );
  const run: BrowserModeRun = {
    ...facts,
    codeRoot: CODE_ROOT,
    projectDir,
    dataDir,
    port: port.data,
    notifications: !values['no-notifications'],
  };
  if (!values['no-build']) {
    await ensureRenderer(projectDir);
    // What the launch file will run, current before it is named there.
    if (browserModeRegistrationTarget(run).register) {
      await ensureBuiltEntry(CODE_ROOT, builtWebEntry(run));
    }
  }

  const token = process.env.ASSISTANT_SESSION_TOKEN?.trim() || undefined;
  const mode = await startBrowserMode({
    port: port.data,
    dataDir,
    projectDir,
    rendererDir: join(projectDir, 'out', 'renderer'),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(token === undefined ? {} : { token }),
    scheduler: !values['no-notifications'],
    logToConsole: true,
    companion: true,
  });
  // Turned off by the user or IT: nothing is registered with the browsers either.
  if (mode.backend.settings().companion.enabled) {
    await registerWithBrowsers(mode, run);
  }
  process.stdout.write(
    `${JSON.stringify({ url: mode.url, demo: mode.demo !== undefined, dataDir })}\n`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void mode.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Never fails the start: what goes wrong is logged and Settings says the browsers may not find it. */
async function registerWithBrowsers(mode: BrowserMode, run: BrowserModeRun): Promise<void> {
  const log = mode.log.child('companion');
  const target = browserModeRegistrationTarget(run);
  await registerSafely(
    async () => {
      if (target.register && !existsSync(builtWebEntry(run))) {
        log.warn(
          'Companion registration: not done, browser mode is not built (npm run build:node)',
          {
            entry: builtWebEntry(run),
          },
        );
        return 'failed';
      }
      return registerTarget(target, browserModePlaces(run.env), log);
    },
    log,
    mode.backend.companion,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`web: ${error instanceof Error ? error.message : String(error)}\n`);
  // 2: the configuration was refused before anything was sent (as the assistant command does).
  process.exit(error instanceof AssistantError && error.kind === 'invalid_input' ? 2 : 1);
});
