// The inbox as the renderer holds it: the host's list (it pushes every change as
// `inbox.changed`), whether the panel is open, and the catch-up a page does when it connects.
import { create } from 'zustand';
import type { AppNotification, Inbox } from '../../../electron/contract';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';

export interface InboxState {
  inbox: Inbox | undefined;
  /** Why the inbox could not be read, when it could not. */
  error: string | undefined;
  panelOpen: boolean;
  load(): Promise<void>;
  receive(inbox: Inbox): void;
  markRead(ids: string[]): Promise<void>;
  markAllRead(): Promise<void>;
  setPanelOpen(open: boolean): void;
  /**
   * Asks the host for what came while no window or page was open, and hands the one notification
   * that says so ("3 things while you were away", or the entry itself) to `show`.
   */
  catchUp(show: (notification: AppNotification) => void): Promise<void>;
}

export function createInboxStore(call: Call) {
  return create<InboxState>((set, get) => {
    /** The host answers every change with the whole inbox. */
    const apply = async (request: Promise<Inbox>) => {
      try {
        get().receive(await request);
      } catch (error) {
        set({ error: toErrorData(error).message });
      }
    };
    return {
      inbox: undefined,
      error: undefined,
      panelOpen: false,
      load: () => apply(call('inbox.list', {})),
      receive(inbox) {
        set({ inbox, error: undefined });
      },
      async markRead(ids) {
        const known = get().inbox?.entries ?? [];
        const unread = ids.filter((id) => known.some((entry) => entry.id === id && !entry.read));
        if (unread.length > 0) await apply(call('inbox.markRead', { ids: unread }));
      },
      markAllRead: () => apply(call('inbox.markAllRead', {})),
      setPanelOpen(open) {
        set({ panelOpen: open });
      },
      async catchUp(show) {
        try {
          const { notification } = await call('inbox.catchUp', {});
          if (notification !== undefined) show(notification);
        } catch {
          // Not shown now is still in the inbox: the bell's count says so.
        }
      },
    };
  });
}
