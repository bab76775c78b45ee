// The inbox: listed whole, read one entry or all at once, and caught up by a window or page that
// was not open when its entries came.
import type { InboxService } from '../../inbox';
import { catchUpNotification } from '../../inbox';
import type { Handlers } from '../dispatcher';

export type InboxRequest = 'inbox.list' | 'inbox.markRead' | 'inbox.markAllRead' | 'inbox.catchUp';

export function createInboxHandlers(options: {
  inbox: InboxService;
  now: () => Date;
}): Pick<Handlers, InboxRequest> {
  const { inbox, now } = options;
  return {
    'inbox.list': () => inbox.inbox(),
    'inbox.markRead': ({ ids }) => inbox.markRead(ids),
    'inbox.markAllRead': () => inbox.markRead(),
    'inbox.catchUp': async () => {
      const entries = await inbox.takeUnshown();
      const notification = catchUpNotification(entries, 'away', now());
      return notification === undefined ? { entries } : { entries, notification };
    },
  };
}
