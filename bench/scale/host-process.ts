// A browser-mode host as the scale benchmarks start it (./host.ts), alone in its process: over
// the service at ASSISTANT_BASE_URL with the session ASSISTANT_SESSION_TOKEN, serving the
// renderer in --renderer-dir, keeping its data in --data-dir. Prints `{"url": …}` once serving
// and stops on SIGTERM.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startBrowserMode } from '../../electron/web/browser-mode';

const Args = z.object({ 'renderer-dir': z.string().min(1), 'data-dir': z.string().min(1) });
const Env = z.object({ ASSISTANT_BASE_URL: z.url(), ASSISTANT_SESSION_TOKEN: z.string().min(1) });

const { values } = parseArgs({
  options: { 'renderer-dir': { type: 'string' }, 'data-dir': { type: 'string' } },
  strict: true,
});
const args = Args.parse(values);
const env = Env.parse(process.env);
const mode = await startBrowserMode({
  port: 0,
  dataDir: args['data-dir'],
  rendererDir: args['renderer-dir'],
  baseUrl: env.ASSISTANT_BASE_URL,
  token: env.ASSISTANT_SESSION_TOKEN,
  scheduler: false,
});
process.stdout.write(`${JSON.stringify({ url: mode.url })}\n`);
process.once('SIGTERM', () => void mode.stop().finally(() => process.exit(0)));
