// `npm run web -- --port N [--data-dir DIR] [--no-build]`: browser mode. Uses ASSISTANT_BASE_URL
// and ASSISTANT_SESSION_TOKEN when set, else the embedded demo service. Prints one JSON line with
// the address to open (it carries the host secret) on stdout once serving; logs go to stderr and
// the data directory (default: the per-user state folder, see data-dir.ts).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { normaliseBaseUrl } from '../core/api/url';
import { AssistantError } from '../core/errors';
import { startBrowserMode } from './browser-mode';
import { defaultBrowserDataDir } from './data-dir';
import { ensureRenderer } from './ensure-renderer';

const Port = z.coerce.number().int().min(0).max(65_535);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5180' },
      'data-dir': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-notifications': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Port.safeParse(values.port);
  if (!port.success)
    throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  // Checked before anything else: a plain-http address elsewhere is refused before any request.
  const configured = process.env.ASSISTANT_BASE_URL?.trim() || undefined;
  const baseUrl = configured === undefined ? undefined : normaliseBaseUrl(configured);
  const projectDir = process.cwd();
  if (!values['no-build']) await ensureRenderer(projectDir);

  const token = process.env.ASSISTANT_SESSION_TOKEN?.trim() || undefined;
  const dataDir = resolve(
    values['data-dir'] ?? (process.env.ASSISTANT_DATA_DIR || defaultBrowserDataDir()),
  );
  const mode = await startBrowserMode({
    port: port.data,
    dataDir,
    rendererDir: join(projectDir, 'out', 'renderer'),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(token === undefined ? {} : { token }),
    scheduler: !values['no-notifications'],
    logToConsole: true,
    companion: true,
  });
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

main().catch((error: unknown) => {
  process.stderr.write(`web: ${error instanceof Error ? error.message : String(error)}\n`);
  // 2: the configuration was refused before anything was sent (as the assistant command does).
  process.exit(error instanceof AssistantError && error.kind === 'invalid_input' ? 2 : 1);
});
