// When two CRM record ids name the same record. Salesforce shows a record's id in two forms: 15
// characters, case-sensitive (what Lightning's addresses often carry), and 18, the same 15 plus a
// 3-character checksum of their letters' case, so the id survives case-insensitive systems (what
// the REST API returns). Dynamics 365 ids are GUIDs, written with or without braces, in either
// case, and percent-encoded in older addresses (read as the extension reads them, one shared
// module). The other CRMs' ids are plain digits.
import type { Crm } from '../../contract';
import { canonicalGuid } from '../../domain/records/crm-guid';

export { CRMS, type Crm } from '../../contract';

const SF_SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const SF_15 = /^[a-zA-Z0-9]{15}$/;
const SF_18 = /^[a-zA-Z0-9]{18}$/;

/** The 3-character suffix Salesforce adds to a 15-character id: one per 5 characters. */
export function salesforceChecksum(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let i = 0; i < 5; i += 1) {
      const char = id15.charAt(chunk * 5 + i);
      if (char >= 'A' && char <= 'Z') bits |= 1 << i;
    }
    suffix += SF_SUFFIX_ALPHABET.charAt(bits);
  }
  return suffix;
}

/**
 * The 18-character form of a Salesforce id, or null when `id` is not one. An 18-character id
 * whose letters were all folded to one case (as case-insensitive systems do) gets its case back
 * from its suffix; one whose mixed-case letters disagree with its suffix is not an id.
 */
export function canonicalSalesforceId(id: string): string | null {
  const text = id.trim();
  if (SF_15.test(text)) return text + salesforceChecksum(text);
  if (!SF_18.test(text)) return null;
  const head = text.slice(0, 15);
  const suffix = text.slice(15).toUpperCase();
  if (salesforceChecksum(head) === suffix) return head + suffix;
  const folded = head === head.toLowerCase() || head === head.toUpperCase();
  if (!folded) return null;
  let restored = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    const bits = SF_SUFFIX_ALPHABET.indexOf(suffix.charAt(chunk));
    if (bits < 0) return null;
    for (let i = 0; i < 5; i += 1) {
      const char = head.charAt(chunk * 5 + i);
      restored += (bits & (1 << i)) !== 0 ? char.toUpperCase() : char.toLowerCase();
    }
  }
  // A suffix that sets a bit where there is a digit fits no id.
  return salesforceChecksum(restored) === suffix ? restored + suffix : null;
}

/** The form two ids of `crm` are compared in; null when `id` cannot be one of its ids. */
export function canonicalRecordId(crm: Crm, id: string): string | null {
  switch (crm) {
    case 'salesforce':
      return canonicalSalesforceId(id);
    case 'dynamics':
      return canonicalGuid(id);
    default: {
      const text = id.trim();
      return /^\d{1,30}$/.test(text) ? text : null;
    }
  }
}

export function sameRecord(crm: Crm, a: string, b: string): boolean {
  return recordIdMatch(crm, a, b) !== null;
}

/**
 * How two ids were found to be one record, strongest first: the same text; for Salesforce, the
 * same 15 case-sensitive characters (one in its 18-character form); the same record once the
 * CRM's own rules are applied (Salesforce's checksum restoring a folded case, a GUID's braces).
 * The exact and 15-character tiers come before the checksum because services that mint their own
 * Salesforce-shaped ids do not compute it: such an id, stored and shown alike, must still be found.
 */
export type RecordIdMatch = 'exact' | 'salesforce-15' | 'canonical';
export const RECORD_ID_MATCH_ORDER: readonly RecordIdMatch[] = [
  'exact',
  'salesforce-15',
  'canonical',
];

export function recordIdMatch(crm: Crm, stored: string, wanted: string): RecordIdMatch | null {
  const a = stored.trim();
  const b = wanted.trim();
  if (a === '' || b === '') return null;
  if (a === b) return 'exact';
  // One side in the 15-character form, the other its 18-character form whatever the suffix says.
  // Two 18-character ids that differ only in the suffix are not taken as one: a service minting
  // its own may well have made both.
  if (crm === 'salesforce') {
    const [short, long] = a.length < b.length ? [a, b] : [b, a];
    if (SF_15.test(short) && SF_18.test(long) && long.startsWith(short)) return 'salesforce-15';
  }
  const left = canonicalRecordId(crm, a);
  return left !== null && left === canonicalRecordId(crm, b) ? 'canonical' : null;
}
