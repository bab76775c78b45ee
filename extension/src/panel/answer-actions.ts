// The panel's actions about an answer: the agents and quota, asking, following the answer
// (resuming after a reconnect or a missed update from runs.follow's snapshot), cancelling a run
// asked here, retrying, and opening an earlier run of the deal.
import { RunUpdates } from '../../../electron/contract';
import { askQuotaWarnings } from '../../../src/lib/usage';
import { RunOutput } from '../../../src/lib/runOutput';
import { outcomeOf } from '../bridge/call';
import { sameDeal } from '../background/panel-options';
import { loadRuns } from './deal-lookup';
import type { Asked, PanelContext } from './panel-state';

export async function loadAgentsAndUsage(ctx: PanelContext): Promise<void> {
  const [agents, usage, remembered] = await Promise.all([
    outcomeOf(ctx.call('agents.list', {})),
    outcomeOf(ctx.call('usage.summary', {})),
    ctx.preferences.lastAgent(),
  ]);
  if (agents.ok) {
    const list = agents.data.value;
    const agentId = list.find((a) => a.id === remembered)?.id ?? list[0]?.id;
    ctx.set({ agents: list, agentId });
  }
  if (usage.ok) ctx.set({ warnings: askQuotaWarnings(usage.data, ctx.words()) });
}

export function chooseAgent(ctx: PanelContext, agentId: string): void {
  ctx.set({ agentId });
  void ctx.preferences.rememberAgent(agentId);
}

export async function ask(ctx: PanelContext, message: string): Promise<void> {
  const { agentId, lookup, address } = ctx.get();
  if (agentId === undefined || lookup.status !== 'found') return;
  // Never filed under a deal the tab no longer shows.
  if (!sameDeal(lookup.address, address)) return;
  ctx.set({ askError: undefined });
  const started = await outcomeOf(
    ctx.call('runs.start', { agentId, message, dealId: lookup.deal.id }),
  );
  if (!started.ok) {
    ctx.set({ askError: started.error });
    return;
  }
  const run = started.data;
  ctx.set({
    asked: {
      runId: run.runId,
      startedHere: true,
      agentId,
      message,
      output: new RunOutput(run.runId),
      status: run.status,
      done: run.done,
      error: run.error,
    },
  });
  // The list of what was asked about this deal shows it at once, running, not only once done.
  void loadRuns(ctx, lookup.deal.id);
  // Its first updates may have come before this answer: the snapshot says where it stands.
  await follow(ctx, run.runId);
}

export async function follow(ctx: PanelContext, runId: string): Promise<void> {
  const followed = await outcomeOf(ctx.call('runs.follow', { runId }));
  const asked = ctx.get().asked;
  if (!followed.ok || asked === null || asked.runId !== runId) return;
  const { run, transcript } = followed.data;
  if (run !== null) {
    asked.output.reset(run.text, run.seq);
    // The snapshot says where the run stands now: after a reconnect it may have ended meanwhile.
    update(ctx, asked, {
      done: run.done,
      status: run.status,
      error: run.error,
      ...(asked.message === '' && run.message !== undefined ? { message: run.message } : {}),
      ...(asked.agentId === '' ? { agentId: run.agentId } : {}),
    });
  } else if (transcript !== null) {
    asked.output.reset(transcript.text, Number.MAX_SAFE_INTEGER);
    update(ctx, asked, {
      done: true,
      ...(transcript.status ? { status: transcript.status } : {}),
    });
  }
}

function update(ctx: PanelContext, asked: Asked, change: Partial<Asked>): void {
  if (ctx.get().asked?.runId === asked.runId) ctx.set({ asked: { ...asked, ...change } });
}

export function onRunUpdates(ctx: PanelContext, payload: unknown): void {
  const parsed = RunUpdates.safeParse(payload);
  const asked = ctx.get().asked;
  if (!parsed.success || asked === null) return;
  for (const batch of parsed.data.updates) {
    if (batch.runId !== asked.runId) continue;
    if (asked.output.apply(batch) === 'gap') void follow(ctx, asked.runId);
    const status = batch.statuses?.at(-1) ?? asked.status;
    const current = ctx.get().asked ?? asked;
    update(ctx, current, {
      status,
      done: batch.done === true || current.done,
      error: batch.error ?? current.error,
    });
    if (batch.done === true) {
      const lookup = ctx.get().lookup;
      if (lookup.status === 'found') void loadRuns(ctx, lookup.deal.id);
    }
  }
}

export async function cancel(ctx: PanelContext): Promise<void> {
  const asked = ctx.get().asked;
  // The app stops only runs this browser started (subset.ts): no button for the others.
  if (asked === null || asked.done || !asked.startedHere) return;
  const result = await outcomeOf(ctx.call('runs.cancel', { runId: asked.runId }));
  if (!result.ok) ctx.set({ askError: result.error });
}

export async function retry(ctx: PanelContext): Promise<void> {
  const asked = ctx.get().asked;
  if (asked === null) return;
  ctx.set({ agentId: asked.agentId });
  await ask(ctx, asked.message);
}

export async function openRun(
  ctx: PanelContext,
  runId: string,
  agentId: string | undefined,
): Promise<void> {
  ctx.set({
    asked: {
      runId,
      startedHere: false,
      agentId: agentId ?? '',
      message: '',
      output: new RunOutput(runId),
      status: '',
      done: false,
      error: undefined,
    },
  });
  await follow(ctx, runId);
}
