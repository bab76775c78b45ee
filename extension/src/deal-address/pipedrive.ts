// Pipedrive: each company has its host, `<company>.pipedrive.com`; a deal is `/deal/<id>`.
import type { AddressReader } from './types';

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.pipedrive\.com$/;
const DIGITS = /^\d{1,20}$/;

export const readPipedrive: AddressReader = (url) => {
  const host = url.hostname;
  if (!HOST.test(host) || host === 'www.pipedrive.com') return null;
  const parts = url.pathname.split('/').filter((segment) => segment !== '');
  if (parts[0] !== 'deal' || parts.length > 3 || !DIGITS.test(parts[1] ?? '')) return null;
  return { crm: 'pipedrive', recordId: parts[1] as string, host };
};
