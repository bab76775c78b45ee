// What the worker's tests share: Salesforce addresses of two deals and a page that is no deal,
// and an event of a stand-in chrome.* API whose listeners a test calls itself.
export const DEAL =
  'https://acme.lightning.force.com/lightning/r/Opportunity/006000000000001AAA/view';
export const OTHER =
  'https://acme.lightning.force.com/lightning/r/Opportunity/006000000000002AAA/view';
export const CONTACT =
  'https://acme.lightning.force.com/lightning/r/Contact/003000000000001AAA/view';

export function event<L>() {
  const listeners: L[] = [];
  return { listeners, addListener: (l: L) => listeners.push(l), removeListener: () => undefined };
}
