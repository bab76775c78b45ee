// What every command gets: where to print, whom to talk to, and the Ctrl-C signal.
import type { Connection } from '../connection';
import type { ExitCode } from '../exit-codes';
import type { Output } from '../output';

export interface CommandContext {
  output: Output;
  connection: Connection;
  json: boolean;
  /** Aborted by Ctrl-C (or when stdout's reader went away). */
  signal: AbortSignal;
}

export type CommandResult = Promise<ExitCode>;

/** `--json` output: the payload, indented, one document. */
export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.output.out(`${JSON.stringify(value, null, 2)}\n`);
}
