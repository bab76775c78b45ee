// The HKCU keys the browsers read, through the relay's own `--registry` (relay/src/registry.rs)
// rather than reg.exe: the "Prevent access to registry editing tools" policy blocks reg.exe on
// managed computers, not the registry API the relay calls. The relay is started by its path with
// arguments as they are (no shell, nothing to quote; Windows passes them in UTF-16) and answers
// one line of ASCII JSON, so no console code page can change a non-ASCII path on the way back.
import { execFile } from 'node:child_process';
import { z } from 'zod';
import type { RegistryAccess } from './registration';

const Failure = z.object({
  ok: z.literal(false),
  error: z.enum(['refused', 'unsupported', 'failed']),
  message: z.string().max(2000),
  code: z.number().int().optional(),
});
const QueryAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.string().max(32_767).nullable() }),
  Failure,
]);
const SetAnswer = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true) }), Failure]);
const DeleteAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), deleted: z.boolean() }),
  Failure,
]);

/** The relay refused or could not do what was asked; `code` is Windows' error number. */
export class RegistryError extends Error {
  override name = 'RegistryError';
  constructor(
    message: string,
    readonly reason: z.infer<typeof Failure>['error'] | 'no-answer',
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Runs the relay once; resolves with what it printed, whatever its exit code. */
export type RunRelay = (args: readonly string[]) => Promise<string>;

/**
 * The relay at `relayPath` as a runner: for `--registry` here, and for `--policies`, which core's
 * Windows policy reader (core/policy/windows-registry.ts) is handed, core never importing this host.
 */
export function runRelay(relayPath: string): RunRelay {
  return (args) =>
    new Promise((resolve, reject) => {
      execFile(
        relayPath,
        [...args],
        { windowsHide: true, timeout: 10_000, encoding: 'utf8' },
        (error, stdout) => {
          // A refusal exits 1 or 2 with its answer on stdout; no answer at all is the failure.
          if (error !== null && stdout.trim() === '') reject(error);
          else resolve(stdout);
        },
      );
    });
}

async function ask<T extends z.ZodTypeAny>(
  run: RunRelay,
  schema: T,
  args: string[],
): Promise<z.infer<T>> {
  const output = await run(['--registry', ...args]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    throw new RegistryError(`The relay's answer is not JSON: ${output.slice(0, 200)}`, 'no-answer');
  }
  const answer = schema.safeParse(parsed);
  if (!answer.success) {
    throw new RegistryError(
      `The relay's answer is not one it gives: ${output.slice(0, 200)}`,
      'no-answer',
    );
  }
  const failure = Failure.safeParse(answer.data);
  if (failure.success) {
    const { error, message, code } = failure.data;
    throw new RegistryError(`${args[0]} ${args[1]}: ${message}`, error, code);
  }
  return answer.data;
}

/** The registry through the relay at `relayPath` (the one the manifests name). */
export function relayRegistry(
  relayPath: string,
  run: RunRelay = runRelay(relayPath),
): RegistryAccess {
  return {
    async read(key) {
      const answer = await ask(run, QueryAnswer, ['query', key]);
      return answer.ok && answer.value !== null ? answer.value : undefined;
    },
    async write(key, value) {
      await ask(run, SetAnswer, ['set', key, value]);
    },
    async remove(key) {
      const answer = await ask(run, DeleteAnswer, ['delete', key]);
      return answer.ok && answer.deleted;
    },
  };
}
