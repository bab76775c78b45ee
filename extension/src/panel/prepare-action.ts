// Prepare in the panel, as on Today in the app: the panel cannot read which agent prepares
// meetings, so it asks the app (`prep.start`), which starts the automatic prep's agent with its
// claim: one prep per meeting occurrence, so a second Prepare (here, on Today, or the timer's)
// answers the prep running or ready instead of starting another. The answer then streams in the
// panel as an asked question's does; Today shows the same prep.
import { prepRunOf } from '../../../electron/domain/briefings/prepare';
import { outcomeOf } from '../bridge/call';
import { sameDeal } from '../background/panel-options';
import { follow } from './answer-actions';
import { RunOutput } from '../../../src/lib/runOutput';
import { IDLE_PREPARE, type PanelContext } from './panel-state';

export async function prepare(ctx: PanelContext): Promise<void> {
  const { lookup, meeting, address, preparing } = ctx.get();
  if (lookup.status !== 'found' || meeting === null || preparing.busy) return;
  // Never for a deal the tab no longer shows.
  if (!sameDeal(lookup.address, address)) return;
  const dealId = lookup.deal.id;
  ctx.set({ preparing: { busy: true } });
  const answer = await outcomeOf(ctx.call('prep.start', { meetingKey: meeting.key, dealId }));
  const now = ctx.get();
  if (now.lookup.status !== 'found' || now.lookup.deal.id !== dealId || now.meeting !== meeting) {
    return;
  }
  if (!answer.ok) {
    ctx.set({ preparing: { busy: false, error: answer.error } });
    return;
  }
  const { started, meeting: prepared } = answer.data;
  const prep = prepared.prep;
  const runId = prepRunOf(prep);
  if (runId === undefined) {
    ctx.set({ prep: prepared, preparing: { busy: false, notStarted: prep.status === 'skipped' } });
    return;
  }
  ctx.set({
    prep: prepared,
    preparing: IDLE_PREPARE,
    asked: {
      runId,
      // Started by this press: the app lets this connection stop it (subset.ts), as an Ask.
      startedHere: started,
      agentId: '',
      message: '',
      output: new RunOutput(runId),
      status: '',
      done: false,
      error: undefined,
    },
  });
  await follow(ctx, runId);
}
