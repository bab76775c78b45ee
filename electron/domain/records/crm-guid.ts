// A Dynamics 365 record id (a GUID) in the one form two of them are compared in. Shared by core
// (which deal a CRM page is, ../../core/deals/crm-id.ts) and the browser companion's
// extension (reading the id from a Dynamics address, extension/src/deal-address/dynamics.ts),
// so that both read every spelling alike: braces or not, either case, percent-encoded once or
// twice (older addresses). Pure: no DOM, no Node.

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A GUID in lower case without braces, from any of Dynamics' spellings; null if not one. */
export function canonicalGuid(id: string): string | null {
  let text = id.trim();
  // `%7B…%7D` once, or `%257B…` when an address was encoded twice.
  for (let i = 0; i < 2 && text.includes('%'); i += 1) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  text = text.trim().toLowerCase();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
  return GUID.test(text) ? text : null;
}
