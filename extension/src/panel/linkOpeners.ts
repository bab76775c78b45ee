// How the panel opens a link in an answer or a meeting's summary (src/ui/linkOpeners.ts, given by
// ./main.tsx): a web link in a new tab of this browser, there being no desktop host to ask; a
// deal in the app, which is where the deal's page is ("Open in Assistant": ./show-in-app.ts).
import { pageLinkOpeners, type LinkOpeners } from '../../../src/ui/linkOpeners';
import type { PanelActions } from './panel-state';

export function panelLinkOpeners(actions: Pick<PanelActions, 'showInApp'>): LinkOpeners {
  return {
    openExternal: pageLinkOpeners.openExternal,
    openDeal(dealId) {
      void actions.showInApp({ screen: 'deal', id: dealId });
    },
  };
}
