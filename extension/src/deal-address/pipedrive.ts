// Pipedrive: each company has its host, `<company>.pipedrive.com`; a deal is `/deal/<id>`.
import type { CrmAddressRules } from './types';

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.pipedrive\.com$/;
const DIGITS = /^\d{1,20}$/;

export const pipedrive: CrmAddressRules = {
  crm: 'pipedrive',
  isHost: (host) => HOST.test(host) && host !== 'www.pipedrive.com',
  recordId(url) {
    const parts = url.pathname.split('/').filter((segment) => segment !== '');
    if (parts[0] !== 'deal' || parts.length > 3 || !DIGITS.test(parts[1] ?? '')) return null;
    return parts[1] as string;
  },
};
