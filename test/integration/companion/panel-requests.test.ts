// The requests the panel a salesperson keeps open makes of the app, through the built relay and
// the companion host over the real socket, with a real backend in front of the demo service:
// Prepare (`prep.start`) runs the automatic prep's agent under its claim, so the panel follows
// the prep as an answer, Today's list shows the same run, and a second Prepare answers that run
// instead of starting another; it is checked as every companion request is (its schema, the
// user's Allow).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunUpdates } from '../../../electron/contract';
import type { Backend } from '../../../electron/core/backend';
import type { CompanionHost } from '../../../electron/companion';
import { AGENTS } from '../../../electron/demo-service/data/agents';
import { meetingsOf } from '../../../electron/domain/briefings/meetings';
import { prepSuggestion } from '../../../electron/domain/briefings/prepare';
import { openExtensionPort, rememberKey } from './extension-port';
import { startCompanionFixture, type CompanionFixture } from './fixtures/companion-host';
import { call, type NativePort } from './native-port';

const ALLOWED = `chrome-extension://${'d'.repeat(32)}/`;
const WAITING = `chrome-extension://${'e'.repeat(32)}/`;

let fixture: CompanionFixture;
let backend: Backend;
let host: CompanionHost;
const ports: NativePort[] = [];

function port(origin: string): NativePort {
  const opened = openExtensionPort(origin, {
    ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
    ASSISTANT_COMPANION_DIR: join(fixture.work, 'no-launch-file'),
    ASSISTANT_RELAY_WAIT_MS: '0',
  });
  ports.push(opened);
  return opened;
}

async function allowedPort(): Promise<NativePort> {
  rememberKey(fixture.socketPath, ALLOWED, await host.allow(ALLOWED));
  const opened = port(ALLOWED);
  await opened.next((m) => m.type === 'pairing' && m.state === 'allowed');
  return opened;
}

beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'companion-panel-',
    demo: { profile: 'salesforce' },
  });
  ({ backend, host } = fixture);
});

afterAll(async () => {
  for (const opened of ports) opened.process.kill();
  await fixture?.stop();
});

/** A meeting about the first two deals, three hours away: not yet due for the automatic prep. */
async function scriptMeetings() {
  const [first, second] = fixture.demo.control.deals();
  const startsAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
  fixture.demo.control.setMeetings([
    { id: 'm-panel', title: 'Renewal call', startsAt, dealId: first?.id ?? '' },
    { id: 'm-other', title: 'Other call', startsAt, dealId: second?.id ?? '' },
  ]);
  const briefing = await backend.handlers['briefings.meeting']({ refresh: true }, { host: 'test' });
  const meeting = meetingsOf(briefing.value.data).find((m) => m.dealId === first?.id);
  if (meeting === undefined || first === undefined || second === undefined) {
    throw new Error('the scripted meeting is not in the briefing');
  }
  return { meeting, dealId: first.id, otherDealId: second.id };
}

describe('Prepare from the panel (prep.start)', () => {
  it('starts the prep once, streams it to the panel, shows it on Today, and answers it again', async () => {
    const { meeting, dealId } = await scriptMeetings();
    const companion = await allowedPort();
    const first = await call(companion, 'prep.start', { meetingKey: meeting.key, dealId });
    expect(first).toMatchObject({
      ok: true,
      data: { started: true, meeting: { meetingKey: meeting.key, dealId } },
    });
    const prep = (first.data as { meeting: { prep: { status: string; runId?: string } } }).meeting
      .prep;
    expect(['running', 'ready']).toContain(prep.status);
    const runId = prep.runId ?? '';
    // The panel follows it as an asked answer: the snapshot, then its updates to the end (the
    // demo's instant run may have ended before the answer to Prepare came).
    const from = companion.received.length;
    const followed = await call(companion, 'runs.follow', { runId });
    const snapshot = followed.data as {
      run: { text: string; done: boolean } | null;
      transcript: { text: string } | null;
    };
    if (snapshot.run !== null && !snapshot.run.done) {
      await companion.next((m) => {
        if (m.type !== 'event' || m.name !== 'run.update') return false;
        const update = (m.payload as RunUpdates).updates.find((u) => u.runId === runId);
        return update?.done === true;
      }, from);
    }
    const transcript = await backend.handlers['runs.transcript']({ runId }, { host: 'test' });
    expect(transcript?.text.length).toBeGreaterThan(0);
    // The app chose the agent and asked Prepare's question, on that deal.
    expect(fixture.demo.control.getRun(runId)).toMatchObject({
      agentId: prepSuggestion(AGENTS)?.agentId,
      context: { dealId },
      input: { message: 'Prepare me for this meeting: key facts, open questions and risks.' },
    });
    // Today's list (the app's own request) shows the same run for that meeting.
    const today = await backend.handlers['autoPrep.list']({}, { host: 'test' });
    expect(today.meetings.find((m) => m.meetingKey === meeting.key)?.prep).toMatchObject({
      runId,
    });
    // A second Prepare, from the panel or a reconnected one, answers that prep: no new run.
    const runsOfDeal = async () => {
      const found = await call(companion, 'runs.find', { dealId, limit: 50 });
      return (found.data as { items: unknown[] }).items.length;
    };
    const before = await runsOfDeal();
    const again = await call(companion, 'prep.start', { meetingKey: meeting.key, dealId });
    expect(again).toMatchObject({
      ok: true,
      data: { started: false, meeting: { prep: { runId } } },
    });
    expect(await runsOfDeal()).toBe(before);
  });

  it('refuses another deal’s meeting, input outside its schema, and a browser not yet allowed', async () => {
    const { meeting, otherDealId } = await scriptMeetings();
    const companion = await allowedPort();
    expect(
      await call(companion, 'prep.start', { meetingKey: meeting.key, dealId: otherDealId }),
    ).toMatchObject({ ok: false, error: { code: 'meeting_not_found' } });
    expect(await call(companion, 'prep.start', { meetingKey: meeting.key })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'dealId' },
    });
    expect(
      await call(companion, 'prep.start', { meetingKey: meeting.key, dealId: 'x', agentId: 'y' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const waiting = port(WAITING);
    await waiting.next((m) => m.type === 'pairing' && m.state === 'pending');
    expect(
      await call(waiting, 'prep.start', { meetingKey: meeting.key, dealId: 'x' }),
    ).toMatchObject({ ok: false, error: { code: 'pairing_pending' } });
  });
});
