// How the panel opens a link in an answer or a meeting's summary (src/ui/linkOpeners.ts, given by
// ./main.tsx): a web link in a new tab of this browser, there being no desktop host to ask; a
// deal in the desktop app, which is where the deal's page is.
import { pageLinkOpeners, type LinkOpeners } from '../../../src/ui/linkOpeners';
import { deepLinkToDeal } from './deep-links';

export const panelLinkOpeners: LinkOpeners = {
  openExternal: pageLinkOpeners.openExternal,
  openDeal(dealId) {
    window.open(deepLinkToDeal(dealId), '_self');
  },
};
