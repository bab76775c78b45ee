// What the user types as their company's CRM address, read strictly before the browser is asked
// for a permission on it: an https address (or a bare host name, taken as https), one exact host,
// never a pattern. Pure, so the options page and the tests read it alike.
import { crmOfDealPath, isPublicCrmHost, type CrmName } from '../deal-address';

export type AddressProblem =
  'empty' | 'notHttps' | 'notAnAddress' | 'wildcard' | 'ipAddress' | 'publicCrm';

export type ReadAddress =
  { ok: true; host: string; crm: CrmName | null } | { ok: false; problem: AddressProblem };

/** Anything typed longer than any host and deal address together is not an address. */
const MAX_INPUT = 4096;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The permission's match pattern for one host: every path on it, over https only. */
export function originPattern(host: string): string {
  return `https://${host}/*`;
}

function isHostName(host: string): boolean {
  const labels = host.split('.');
  // A dotless name is a machine on the local network, not a CRM; `localhost` least of all.
  return host.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

export function readCompanyAddress(input: string): ReadAddress {
  const typed = input.trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  if (typed.length > MAX_INPUT) return { ok: false, problem: 'notAnAddress' };
  if (typed.includes('*')) return { ok: false, problem: 'wildcard' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed);
  if (hasScheme && !/^https:\/\//i.test(typed)) return { ok: false, problem: 'notHttps' };
  let url: URL;
  try {
    url = new URL(hasScheme ? typed : `https://${typed}`);
  } catch {
    return { ok: false, problem: 'notAnAddress' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'notAnAddress' };
  const host = url.hostname;
  // IP addresses are refused, loopback too: a company's CRM is reached by a name its certificate
  // carries, and a permission on an address would follow whatever machine holds it next.
  if (host.startsWith('[') || IPV4.test(host)) return { ok: false, problem: 'ipAddress' };
  if (!isHostName(host)) return { ok: false, problem: 'notAnAddress' };
  if (isPublicCrmHost(host)) return { ok: false, problem: 'publicCrm' };
  return { ok: true, host, crm: crmOfDealPath(url.href) };
}
