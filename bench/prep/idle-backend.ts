// One backend of the idle bench (./idle.bench.ts), alone in its process so its CPU is its own:
// core over the service at ASSISTANT_BASE_URL with the session ASSISTANT_SESSION_TOKEN, the
// scheduler and automatic prep on, its data in --data-dir. Counts the timers that fire (those set
// for a second or more: the schedulers' own, not a stream's or a socket's). Prints `{"ready":
// true}` once started and settled; on a line "report" on stdin, prints the CPU time and timer
// firings since then.
import { cpuUsage } from 'node:process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createBackend } from '../../electron/core/backend';
import { createMemorySecretStore } from '../../electron/core/session/secret-store';

const Env = z.object({ ASSISTANT_BASE_URL: z.url(), ASSISTANT_SESSION_TOKEN: z.string().min(1) });
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } }, strict: true });
const dataDir = z.string().min(1).parse(values['data-dir']);
const env = Env.parse(process.env);

const SCHEDULER_TIMER_MS = 1_000;
let firings = 0;
const originalSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((
  callback: (...args: unknown[]) => void,
  ms?: number,
  ...rest: unknown[]
) =>
  originalSetTimeout(
    (...args: unknown[]) => {
      if ((ms ?? 0) >= SCHEDULER_TIMER_MS) firings += 1;
      callback(...args);
    },
    ms,
    ...rest,
  )) as typeof setTimeout;

const backend = await createBackend({
  dataDir,
  hostKind: 'browser',
  appVersion: '0.0.0-bench',
  platform: process.platform,
  secretStore: createMemorySecretStore(),
  baseUrlOverride: env.ASSISTANT_BASE_URL,
  initialToken: env.ASSISTANT_SESSION_TOKEN,
  isWindowFocused: () => false,
});
// The start-up reads (briefings, the prep check) are done before the window starts.
await new Promise((resolve) => originalSetTimeout(resolve, 5_000));
const from = { cpu: cpuUsage(), firings, at: performance.now() };
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'report') return;
  const cpu = cpuUsage(from.cpu);
  process.stdout.write(
    `${JSON.stringify({
      cpuMs: (cpu.user + cpu.system) / 1000,
      firings: firings - from.firings,
      minutes: (performance.now() - from.at) / 60_000,
    })}\n`,
  );
  void backend.close().finally(() => process.exit(0));
});
