// A server a benchmark starts in a process of its own (a demo service, a browser-mode host), so
// that its work runs beside the bench rather than on the bench's event loop, where it would be
// timed with whatever the bench measures. The child prints one JSON line on stdout once serving
// (as `npm run demo-service` does); that line, checked, is what the bench gets.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { z } from 'zod';

export interface ChildServer<T> {
  info: T;
  stop(): Promise<void>;
}

/** `node --import tsx <script> …args`: the sources as they are, without a build. */
export async function startChildServer<T>(
  script: string,
  args: string[],
  announced: z.ZodType<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChildServer<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    exited.then(() => undefined),
  ]);
  if (first === undefined) throw new Error(`${script} exited before serving: ${stderr.trim()}`);
  const parsed = announced.safeParse(JSON.parse(first));
  if (!parsed.success) {
    await stop();
    throw new Error(`${script} announced something unexpected: ${first.slice(0, 200)}`);
  }
  return { info: parsed.data, stop };
}
