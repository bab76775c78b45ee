// How the desktop app opens a link in rendered text or a record (src/ui/linkOpeners.ts): a web
// link through the host (the OS browser; in browser mode a new tab), a deal in the app's own
// router with focus on its heading.
import { openAndFocus } from '../platform/focusWhenShown';
import { openExternal } from '../platform/links';
import type { LinkOpeners } from '../ui/linkOpeners';

export const desktopLinkOpeners: LinkOpeners = {
  openExternal,
  openDeal: (dealId) => openAndFocus({ name: 'deals', dealId }),
};
