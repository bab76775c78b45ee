// Dynamics 365: `<org>.crm<N>.dynamics.com/main.aspx?…`, a record page of the opportunity entity,
// named by its logical name (`etn=opportunity`) or, in older addresses, its type code (`etc=3`).
// The GUID comes in any spelling (braces or not, either case, percent-encoded once or twice) and
// is read as core reads it, by the module both share. An on-premises server has the same pages
// under its own host, sometimes below the organisation's name (`/<org>/main.aspx`).
import { canonicalGuid } from '../../../electron/domain/records/crm-guid';
import type { CrmAddressRules } from './types';

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.crm\d{0,2}\.dynamics\.com$/;
const ON_PREMISES_PATH = /^\/[a-z0-9_-]{1,64}\/main\.aspx$/;
const OPPORTUNITY_TYPE_CODE = '3';

/** Query parameters by lower-case name (Dynamics writes them in lower case, but not always). */
function params(url: URL): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    const name = key.toLowerCase();
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

function recordId(url: URL, onPremises: boolean): string | null {
  const path = url.pathname.toLowerCase();
  if (path !== '/main.aspx' && !(onPremises && ON_PREMISES_PATH.test(path))) return null;
  const query = params(url);
  if (query.get('pagetype')?.toLowerCase() !== 'entityrecord') return null;
  const entity = query.get('etn')?.toLowerCase();
  const isOpportunity =
    entity === 'opportunity' ||
    (entity === undefined && query.get('etc') === OPPORTUNITY_TYPE_CODE);
  if (!isOpportunity) return null;
  return canonicalGuid(query.get('id') ?? '');
}

export const dynamics: CrmAddressRules = {
  crm: 'dynamics',
  isHost: (host) => HOST.test(host),
  // Online organisations always have main.aspx at the root; only a company's own server may not.
  recordId: (url) => recordId(url, !HOST.test(url.hostname)),
};
