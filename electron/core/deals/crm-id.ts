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
  const left = canonicalRecordId(crm, a);
  return left !== null && left === canonicalRecordId(crm, b);
}
