// HubSpot: `app.hubspot.com` and the regional hosts (`app-eu1.hubspot.com`, …); a deal is object
// type 0-3 in the CRM's record pages, or the older `/contacts/<portal>/deal/<id>` address.
import type { CrmAddressRules } from './types';

const HOST = /^app(?:-[a-z]{2,3}\d{0,2})?\.hubspot\.com$/;
const DIGITS = /^\d{1,20}$/;

export const hubspot: CrmAddressRules = {
  crm: 'hubspot',
  isHost: (host) => HOST.test(host),
  recordId(url) {
    const parts = url.pathname.split('/').filter((segment) => segment !== '');
    if (parts[0] !== 'contacts' || !DIGITS.test(parts[1] ?? '')) return null;
    let id: string | undefined;
    if (parts[2] === 'record' && parts[3] === '0-3') id = parts[4];
    else if (parts[2] === 'deal') id = parts[3];
    return id !== undefined && DIGITS.test(id) ? id : null;
  },
};
