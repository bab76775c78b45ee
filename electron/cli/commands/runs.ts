// Starting, following and cancelling runs. Following uses core's follower, which resumes after a
// dropped connection with Last-Event-ID and never repeats or loses text; the CLI only decides
// what to print and how the command ends.
import { createRunQuotaGuard } from '../../core/usage';
import { AssistantError } from '../../core/errors';
import { followRun } from '../../core/stream/follow';
import type { Command } from '../args';
import { EXIT, type ExitCode } from '../exit-codes';
import { PROGRAM } from '../format/errors';
import { oneLine } from '../format/text';
import { FollowPrinter } from '../follow-printer';
import { RunBound } from '../run-bound';
import { ANSWER_TOO_LONG_CODE } from '../../core/runs/run-bound';
import { printJson, type CommandContext, type CommandResult } from './context';

function cancelHint(ctx: CommandContext, runId: string): string {
  return ctx.connection.embedded
    ? `stopped following run ${runId}; the embedded demo service stops with this command`
    : `stopped following run ${runId}; it keeps running on the service. To cancel it: assistant runs cancel ${runId}`;
}

/** Follows a run to its end; the exit code says how it ended (see exit-codes.ts). */
export async function followToEnd(ctx: CommandContext, runId: string): Promise<ExitCode> {
  const api = ctx.connection.api;
  const printer = new FollowPrinter(ctx.output, ctx.json, runId);
  const bound = new RunBound();
  let overBound = false;
  const follow = followRun({
    config: ctx.connection.config,
    runId,
    signal: ctx.signal,
    getRunRecord: async (id, signal) => (await api.getRun(id, { signal })).data.data,
  });
  try {
    following: for await (const batch of follow.batches()) {
      for (const item of batch) {
        if (!bound.take(item)) {
          overBound = true;
          follow.close();
          break following;
        }
        if (printer.take(item) === 'stop') follow.close();
      }
    }
  } catch (error) {
    printer.endLine();
    throw error;
  } finally {
    follow.close();
  }

  if (overBound) {
    printer.endLine();
    throw new AssistantError({
      kind: 'bad_response',
      code: ANSWER_TOO_LONG_CODE,
      message: `The run sent more than ${bound.size}, more than the app keeps of one run: ${cancelHint(ctx, runId)}.`,
      retryable: false,
    });
  }
  if (ctx.output.stdoutClosed) return EXIT.ok;
  if (ctx.signal.aborted) {
    printer.endLine();
    ctx.output.errLine(`${PROGRAM}: ${cancelHint(ctx, runId)}`);
    return EXIT.interrupted;
  }
  if (printer.sessionExpired !== undefined) {
    printer.endLine();
    throw new AssistantError({
      kind: 'unauthorized',
      code: 'session_expired',
      message:
        `${oneLine(printer.sessionExpired)} Following run ${runId} stopped (the run goes on); ` +
        `with a new ASSISTANT_SESSION_TOKEN, \`assistant runs follow ${runId}\` picks it up again.`,
      retryable: false,
    });
  }
  const outcome = printer.finish();
  if (outcome === undefined) {
    throw new AssistantError({
      kind: 'bad_response',
      code: 'stream_ended',
      message: `The run stream of ${runId} ended without saying how the run ended.`,
      retryable: false,
    });
  }
  return outcome.succeeded ? EXIT.ok : EXIT.runUnsuccessful;
}

export async function runsStart(
  ctx: CommandContext,
  command: Extract<Command, { name: 'runs start' }>,
): CommandResult {
  const api = ctx.connection.api;
  // Over the runs quota, nothing is sent (core's rule); if usage cannot be read, the service's
  // own quota check decides.
  const guard = createRunQuotaGuard({
    loadUsage: async (signal) => (await api.getUsage({ signal })).data,
    maxAgeMs: 0,
  });
  await guard.check(ctx.signal);
  const { data } = await api.createRun(command.input, { signal: ctx.signal });

  if (!command.follow) {
    if (ctx.json) printJson(ctx, data);
    else {
      const style = ctx.output.outStyle;
      ctx.output.out(
        `${style.bold(`Run started: ${oneLine(data.runId)}`)}\n` +
          `Agent   ${oneLine(data.agentId)}\n` +
          `Status  ${oneLine(data.status)}\n`,
      );
      if (ctx.connection.embedded) {
        ctx.output.errLine(
          'The embedded demo service stops when this command ends; add --follow to watch the run.',
        );
      } else {
        ctx.output.out(`Follow it: assistant runs follow ${oneLine(data.runId)}\n`);
      }
    }
    return EXIT.ok;
  }

  if (ctx.json) ctx.output.out(`${JSON.stringify({ type: 'run', run: data })}\n`);
  else ctx.output.errLine(`run ${oneLine(data.runId)} started (agent ${oneLine(data.agentId)})`);
  return followToEnd(ctx, data.runId);
}

export async function runsFollow(
  ctx: CommandContext,
  command: Extract<Command, { name: 'runs follow' }>,
): CommandResult {
  return followToEnd(ctx, command.runId);
}

export async function runsCancel(
  ctx: CommandContext,
  command: Extract<Command, { name: 'runs cancel' }>,
): CommandResult {
  const { data } = await ctx.connection.api.cancelRun(command.runId, { signal: ctx.signal });
  if (ctx.json) {
    printJson(ctx, data === null ? null : data.data);
    return EXIT.ok;
  }
  const id = oneLine(command.runId);
  const status = data?.data.status;
  if (status === undefined) ctx.output.out(`Cancel requested for run ${id}.\n`);
  else if (/^cancel+ed$/i.test(status)) ctx.output.out(`Cancelled run ${id}.\n`);
  else ctx.output.out(`Cancel requested for run ${id} (status: ${oneLine(status)}).\n`);
  return EXIT.ok;
}
