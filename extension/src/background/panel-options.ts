// What the side panel is on one tab: enabled, and pointed at that tab's deal, only where the tab's
// address is a CRM deal page the recogniser knows (on a CRM's public host or one the user added). Pure, so the tests read it as the worker does.
import { recogniseDealAddress, type CustomHost, type DealAddress } from '../deal-address';

export const PANEL_PAGE = 'panel.html';

/** The panel's address for one tab: the panel asks that tab, so it serves the tab it opened on. */
export function panelPath(tabId: number): string {
  return `${PANEL_PAGE}?tab=${tabId}`;
}

export interface TabPanel {
  tabId: number;
  deal: DealAddress | null;
  options: { tabId: number; path: string; enabled: boolean };
}

export function tabPanel(
  tabId: number,
  url: string | undefined,
  customHosts: readonly CustomHost[] = [],
): TabPanel {
  const deal = url === undefined ? null : recogniseDealAddress(url, customHosts);
  return { tabId, deal, options: { tabId, path: panelPath(tabId), enabled: deal !== null } };
}

/** Two readings name the same deal (a pushState that changed only the query is not a change). */
export function sameDeal(a: DealAddress | null, b: DealAddress | null): boolean {
  if (a === null || b === null) return a === b;
  return a.crm === b.crm && a.recordId === b.recordId && a.host === b.host;
}
