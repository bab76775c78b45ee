// What a click on a link in rendered text or a record does, given by whoever renders it: the
// desktop shell opens web links through its host and deals in its own router (src/app/App.tsx);
// the browser companion's panel opens web links in a new tab and deals in the desktop app
// (extension/src/panel). So src/ui reaches neither the desktop's contract client nor its router,
// and the panel shares these components by import alone.
import { createContext, useContext } from 'react';
import { safeExternalUrl } from '../lib/markdown/inline';

export interface LinkOpeners {
  openExternal(url: string): void;
  openDeal(dealId: string): void;
}

/**
 * Where nobody gave openers: a page of its own, with no host to ask. Web links open in a new tab;
 * a deal goes to its address in this page (`#/deals/<id>`, what the link's href says).
 */
export const pageLinkOpeners: LinkOpeners = {
  openExternal(url) {
    const safe = safeExternalUrl(url);
    if (safe !== null) window.open(safe, '_blank', 'noopener,noreferrer');
  },
  openDeal(dealId) {
    location.hash = `#/deals/${encodeURIComponent(dealId)}`;
  },
};

export const LinkOpenersContext = createContext<LinkOpeners>(pageLinkOpeners);

export function useLinkOpeners(): LinkOpeners {
  return useContext(LinkOpenersContext);
}
