// Salesforce: Lightning's record pages on the organisation's hosts, including sandboxes, and the
// *.my.salesforce.com host that redirects to them (it may still show a classic /<id> address).
import type { CrmAddressRules } from './types';

/** Opportunity ids begin with its key prefix; ids are 15 or 18 letters and digits. */
const OPPORTUNITY_ID = /^006[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/;

function isSalesforceHost(host: string): boolean {
  return host.endsWith('.lightning.force.com') || host.endsWith('.my.salesforce.com');
}

/** Path segments: `/lightning/r/Opportunity/<id>/view` → ['lightning','r','Opportunity',…]. */
function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function lightningRecordId(parts: readonly string[]): string | undefined {
  if (parts[0] !== 'lightning' || parts[1] !== 'r') return undefined;
  // `/lightning/r/Opportunity/<id>/view`, `…/<id>/related/<list>/view`, or `/lightning/r/<id>/view`.
  if (parts[2]?.toLowerCase() === 'opportunity') return parts[3];
  return parts[2];
}

/** The older one.app address keeps the record in its fragment: `#/sObject/<id>/view`. */
function oneAppRecordId(url: URL): string | undefined {
  if (url.pathname !== '/one/one.app') return undefined;
  const parts = segments(url.hash.replace(/^#/, ''));
  return parts[0] === 'sObject' ? parts[1] : undefined;
}

export const salesforce: CrmAddressRules = {
  crm: 'salesforce',
  isHost: isSalesforceHost,
  recordId(url) {
    const parts = segments(url.pathname);
    let id = lightningRecordId(parts) ?? oneAppRecordId(url);
    // Classic: `https://<org>.my.salesforce.com/006…` (nothing after the id but an optional
    // slash); a company's own domain in front of Salesforce may show it too.
    if (id === undefined && !url.hostname.endsWith('.lightning.force.com') && parts.length === 1)
      id = parts[0];
    return id !== undefined && OPPORTUNITY_ID.test(id) ? id : null;
  },
};
