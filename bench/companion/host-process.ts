// The app's side of the companion as the bench starts it, alone in its process (as the app's main
// process is): a backend over the service at ASSISTANT_BASE_URL with the session
// ASSISTANT_SESSION_TOKEN, and the companion host on --socket letting in --origin alone and
// allowing it as soon as it asks (the Allow hands the extension its key, as the user's does).
// Prints `{"ready": true}` once listening. Each line `{"lookup": <input>}` on stdin is answered
// with `{"ms": …}`: the same deals.findByCrmRecord the panel makes, served directly (no relay, no
// browser), timed here. Stops on SIGTERM.
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createBackend } from '../../electron/core/backend';
import { startCompanionHost } from '../../electron/companion';
import { serveSubset } from '../../electron/companion/subset';
import { createLogger } from '../../electron/core/logs/logger';
import { createMemorySecretStore } from '../../electron/core/session/secret-store';

const Args = z.object({
  'data-dir': z.string().min(1),
  socket: z.string().min(1),
  origin: z.string().min(1),
});
const Env = z.object({ ASSISTANT_BASE_URL: z.url(), ASSISTANT_SESSION_TOKEN: z.string().min(1) });
const Command = z.object({ lookup: z.unknown() });

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    socket: { type: 'string' },
    origin: { type: 'string' },
  },
  strict: true,
});
const args = Args.parse(values);
const env = Env.parse(process.env);
const log = createLogger({});
const backend = await createBackend({
  dataDir: args['data-dir'],
  hostKind: 'browser',
  appVersion: '0.0.0-bench',
  platform: process.platform,
  secretStore: createMemorySecretStore(),
  log,
  baseUrlOverride: env.ASSISTANT_BASE_URL,
  initialToken: env.ASSISTANT_SESSION_TOKEN,
});
const host = await startCompanionHost({
  backend,
  log: log.child('companion'),
  dataDir: join(args['data-dir'], 'companion'),
  socketPath: args.socket,
  appVersion: '0.0.0-bench',
  allowedOrigins: [args.origin],
  onPairingRequest: ({ origin }) => void host.allow(origin),
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once(
  'SIGTERM',
  () =>
    void host
      .stop()
      .then(() => backend.close())
      .finally(() => process.exit(0)),
);

const follows = { has: () => false, add: () => undefined };
for await (const line of createInterface({ input: process.stdin })) {
  const command = Command.parse(JSON.parse(line));
  const started = performance.now();
  const result = await serveSubset(
    'deals.findByCrmRecord',
    command.lookup,
    { host: 'companion' },
    backend.dispatch,
    follows,
  );
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, ok: result.ok })}\n`);
}
