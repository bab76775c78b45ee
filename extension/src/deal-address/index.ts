// Recognises the deal open in a tab from its address alone, for the five CRMs the companion knows.
// Anything else, a list, an account, a contact, another site, is not a deal: null. Pure: no DOM
// and no chrome.* APIs, so the extension's service worker and the unit tests run the same code.
import { readDynamics } from './dynamics';
import { readHubSpot } from './hubspot';
import { readPipedrive } from './pipedrive';
import { readSalesforce } from './salesforce';
import type { AddressReader, DealAddress } from './types';
import { readZoho } from './zoho';

export { CRM_NAMES, type CrmName, type DealAddress } from './types';

/** Longer addresses are refused unread: no CRM's deal page needs one, a hostile page might. */
export const MAX_ADDRESS_LENGTH = 4096;

const READERS: readonly AddressReader[] = [
  readSalesforce,
  readHubSpot,
  readPipedrive,
  readDynamics,
  readZoho,
];

export function recogniseDealAddress(address: string): DealAddress | null {
  if (address.length > MAX_ADDRESS_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  for (const read of READERS) {
    const found = read(url);
    if (found !== null) return found;
  }
  return null;
}
