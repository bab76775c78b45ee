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

/** One CRM's reading of an address already parsed; null when it is not that CRM's deal page. */
export type AddressReader = (url: URL) => DealAddress | null;
