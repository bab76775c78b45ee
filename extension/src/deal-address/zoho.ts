// Zoho CRM: `crm.zoho.<tld>` per data centre; a deal is in the Potentials module (its API name,
// shown as "Deals", and some addresses say Deals): `/crm/org<org>/tab/Potentials/<id>`.
import type { CrmAddressRules } from './types';

const HOST = /^crm\.zoho\.(?:com|eu|in|com\.au|jp|com\.cn|ca|sa|uk)$/;
const DIGITS = /^\d{1,25}$/;

export const zoho: CrmAddressRules = {
  crm: 'zoho',
  isHost: (host) => HOST.test(host),
  recordId(url) {
    const parts = url.pathname.split('/').filter((segment) => segment !== '');
    if (parts[0] !== 'crm') return null;
    // The organisation segment is there for most accounts, absent for some older ones.
    const rest = /^org\d{1,20}$/.test(parts[1] ?? '') ? parts.slice(2) : parts.slice(1);
    if (rest[0] !== 'tab' || (rest[1] !== 'Potentials' && rest[1] !== 'Deals')) return null;
    const id = rest[2];
    return id !== undefined && DIGITS.test(id) ? id : null;
  },
};
