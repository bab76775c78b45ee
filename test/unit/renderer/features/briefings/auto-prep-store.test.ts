// The automatic-prep store as Today and the host's event wiring use it: read once, kept current by
// autoPrep.changed, and a prep shown read the moment it is opened.
import { describe, expect, it } from 'vitest';
import type { AutoPrepMeeting, AutoPreps } from '../../../../../electron/contract';
import { createAutoPrepStore } from '../../../../../src/features/briefings/createAutoPrepStore';
import { meetingsOf } from '../../../../../electron/domain/briefings/meetings';
import { runOnCard, unreadPrepShown } from '../../../../../src/features/briefings/prepShown';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';
import { at } from '../../support/host-fixtures';

const ready = (meetingKey: string, read = false): AutoPrepMeeting => ({
  meetingKey,
  startsAt: at,
  title: `Call ${meetingKey}`,
  prep: {
    status: 'ready',
    runId: `run_${meetingKey}`,
    finishedAt: at,
    firstLines: 'Open with',
    read,
  },
});
const scheduled = (meetingKey: string): AutoPrepMeeting => ({
  meetingKey,
  startsAt: at,
  prep: { status: 'scheduled', at },
});
const list = (...meetings: AutoPrepMeeting[]): AutoPreps => ({ meetings });

describe('the automatic-prep store', () => {
  it('reads the list, and keeps what it had with the error when a read fails', async () => {
    const bridge = fakeBridge();
    const store = createAutoPrepStore(bridge.call);
    bridge.answer('autoPrep.list', () => ok(list(scheduled('a'))));
    await store.getState().load();
    expect(store.getState().preps.value?.meetings.map((m) => m.meetingKey)).toEqual(['a']);

    bridge.answer('autoPrep.list', () => fail('internal_error'));
    await store.getState().load();
    expect(store.getState().preps.value?.meetings).toHaveLength(1);
    expect(store.getState().preps.error?.code).toBe('internal_error');
  });

  it('lets an event win over a read that answers after it', async () => {
    const bridge = fakeBridge();
    const store = createAutoPrepStore(bridge.call);
    const answers = bridge.hold('autoPrep.list');
    const reading = store.getState().load();
    store.getState().receive(list(ready('a')));
    answers[0]?.(ok(list(scheduled('a'))));
    await reading;
    expect(store.getState().preps.value?.meetings[0]?.prep.status).toBe('ready');
  });

  it('shows a prep read at once, asks core to record it, and takes core’s answer', async () => {
    const bridge = fakeBridge();
    const store = createAutoPrepStore(bridge.call);
    store.getState().receive(list(ready('a'), ready('b')));
    const answers = bridge.hold('autoPrep.markRead');
    const marking = store.getState().markRead('a');
    const shown = store.getState().preps.value?.meetings.map((m) => m.prep);
    expect(shown?.map((p) => p.status === 'ready' && p.read)).toEqual([true, false]);
    expect(bridge.inputs('autoPrep.markRead')).toEqual([{ meetingKey: 'a' }]);
    answers[0]?.(ok(list(ready('a', true), ready('b', true))));
    await marking;
    const after = store.getState().preps.value?.meetings.map((m) => m.prep);
    expect(after?.map((p) => p.status === 'ready' && p.read)).toEqual([true, true]);
  });

  it('forgets the previous service’s meetings on reset', async () => {
    const bridge = fakeBridge();
    const store = createAutoPrepStore(bridge.call);
    const answers = bridge.hold('autoPrep.list');
    const reading = store.getState().load();
    store.getState().reset();
    answers[0]?.(ok(list(ready('old'))));
    await reading;
    expect(store.getState().preps.value).toBeUndefined();
  });
});

describe('which prep an open answer is', () => {
  const preps = list(ready('a'), ready('b', true), scheduled('c'));
  it('is the unread ready prep whose answer the route shows', () => {
    expect(unreadPrepShown({ name: 'runs', runId: 'run_a' }, preps)).toBe('a');
  });
  it('is none for an answer already read, another answer, or another screen', () => {
    expect(unreadPrepShown({ name: 'runs', runId: 'run_b' }, preps)).toBeUndefined();
    expect(unreadPrepShown({ name: 'runs', runId: 'run_x' }, preps)).toBeUndefined();
    expect(unreadPrepShown({ name: 'runs' }, preps)).toBeUndefined();
    expect(unreadPrepShown({ name: 'today' }, preps)).toBeUndefined();
  });
  it('is the unread prep Today’s card shows, while Today is the screen', () => {
    expect(unreadPrepShown({ name: 'today' }, preps, 'run_a')).toBe('a');
    expect(unreadPrepShown({ name: 'today' }, preps, 'run_b')).toBeUndefined();
    expect(unreadPrepShown({ name: 'deals' }, preps, 'run_a')).toBeUndefined();
  });
});

describe('the answer on Today’s meeting card', () => {
  const briefing = (title: string) => ({
    id: 'briefing_next',
    title: 'Next meeting',
    data: { meeting: { id: title, title, startsAt: at } },
  });
  const keyOf = (title: string) => meetingsOf(briefing(title).data)[0]?.key ?? '';
  const loaded = (title: string) => ({ value: briefing(title), loading: false, stale: false });

  it('is the run prepared for the meeting the card is about', () => {
    const prepared = { [keyOf('Acme review')]: 'run_acme' };
    expect(runOnCard({ meeting: loaded('Acme review'), prepared })).toBe('run_acme');
  });

  it('is none once the card has moved on to the next meeting, though that one ran', () => {
    // Prepared while Acme was next; its answer is no longer on the card, so it is not read.
    const prepared = { [keyOf('Acme review')]: 'run_acme' };
    expect(runOnCard({ meeting: loaded('Globex intro'), prepared })).toBeUndefined();
    expect(runOnCard({ meeting: { loading: true, stale: false }, prepared })).toBeUndefined();
  });
});
