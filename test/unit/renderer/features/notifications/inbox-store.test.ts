// The inbox store driven through its actions against a fake bridge, as the bell, the inbox
// panel and the host's event wiring (inbox.changed, the catch-up on connecting) use it.
import { describe, expect, it } from 'vitest';
import type { AppNotification, Inbox, InboxEntry } from '../../../../../electron/contract';
import { createInboxStore } from '../../../../../src/features/notifications/createInboxStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';
import { at } from '../../support/host-fixtures';

const entry = (id: string, read = false): InboxEntry => ({
  id,
  kind: 'run-finished',
  title: `Entry ${id}`,
  body: '',
  at,
  read,
});
const inboxOf = (...entries: InboxEntry[]): Inbox => ({
  entries,
  unread: entries.filter((e) => !e.read).length,
});

describe('the inbox store', () => {
  it('reads the inbox, and says why when it cannot', async () => {
    const bridge = fakeBridge();
    const store = createInboxStore(bridge.call);
    bridge.answer('inbox.list', () => fail('internal_error', 'The inbox could not be read.'));
    await store.getState().load();
    expect(store.getState().error).toBe('The inbox could not be read.');

    bridge.answer('inbox.list', () => ok(inboxOf(entry('a'))));
    await store.getState().load();
    expect(store.getState().error).toBeUndefined();
    expect(store.getState().inbox?.unread).toBe(1);
  });

  it('marks read only the entries it knows unread, and asks nothing when there are none', async () => {
    const bridge = fakeBridge();
    const store = createInboxStore(bridge.call);
    store.getState().receive(inboxOf(entry('a'), entry('b', true)));
    await store.getState().markRead(['b', 'unknown']);
    expect(bridge.calls).toEqual([]);

    bridge.answer('inbox.markRead', () => ok(inboxOf(entry('a', true), entry('b', true))));
    await store.getState().markRead(['a', 'b']);
    expect(bridge.inputs('inbox.markRead')).toEqual([{ ids: ['a'] }]);
    expect(store.getState().inbox?.unread).toBe(0);
  });

  it('hands the catch-up’s one notification to be shown, and shows nothing when it fails', async () => {
    const bridge = fakeBridge();
    const store = createInboxStore(bridge.call);
    const shown: AppNotification[] = [];
    const away: AppNotification = {
      id: 'away',
      kind: 'catch-up',
      title: '3 things while you were away',
      body: '',
      at,
    };
    bridge.answer('inbox.catchUp', () => ok({ entries: [], notification: away }));
    await store.getState().catchUp((n) => shown.push(n));
    expect(shown).toEqual([away]);

    bridge.answer('inbox.catchUp', () => fail('internal_error'));
    await store.getState().catchUp((n) => shown.push(n));
    expect(shown).toEqual([away]);
  });
});
