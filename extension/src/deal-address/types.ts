// What the recogniser answers: which CRM, which of its records, on which host. Shared by the
// extension (which enables its side panel on a deal's tab) and the tests: no DOM, no chrome.*.

export const CRM_NAMES = ['salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho'] as const;
export type CrmName = (typeof CRM_NAMES)[number];

export interface DealAddress {
  crm: CrmName;
  /**
   * The record's id as the address carries it (Salesforce: 15 or 18 characters, kept as they
   * are; Dynamics: the GUID in lower case, without braces; the others: digits).
   */
  recordId: string;
  /** The address's host name, lower case (the CRM organisation's own host). */
  host: string;
}

/** A company's own CRM host the user added, and which CRM answers there. */
export interface CustomHost {
  /** The host name alone, lower case, no port (`crm.acme.com`). */
  host: string;
  crm: CrmName;
}

/**
 * One CRM's deal pages: `isHost` knows the CRM's public hosts, `recordId` reads a deal's id from an
 * address's path and query whatever its host (so a company's own domain is read by the same rules).
 */
export interface CrmAddressRules {
  crm: CrmName;
  isHost(host: string): boolean;
  /** The deal's id, or null when the address is not this CRM's deal page. */
  recordId(url: URL): string | null;
}
