// The deal's name inside a CRM tab's title. CRMs wrap the record's name in their own words: the
// product ("| Salesforce", "- Dynamics 365", "- Zoho CRM"), the record type in the user's language
// ("| Opportunity |", "Verkaufschance:", "商談"), a Dynamics form name, an unread count. The
// companion's fallback by name (core/deals/by-record.ts) compares deals' names with what is left.
// Pure: the tab's title is all it reads. Only known words are taken off, so a name that itself
// holds a " - " or a ":" keeps them unless what follows is one of the CRMs' own words.

/** The CRMs' product names as their titles end with them (after " | ", " - ", " ~ " …). */
const PRODUCT_SUFFIXES = [
  'salesforce',
  'lightning experience',
  'sales console',
  'service console',
  'sales cloud',
  'hubspot',
  'dynamics 365',
  'dynamics 365 sales',
  'dynamics 365 sales hub',
  'sales hub',
  'microsoft dynamics 365',
  'microsoft dynamics crm',
  'zoho crm',
  'zoho',
  'pipedrive',
];

/**
 * Words for "deal" a CRM puts beside the name, in the languages the app ships and the CRMs'
 * common ones: Salesforce's Opportunity, HubSpot's and Pipedrive's Deal, Dynamics' Opportunity,
 * Zoho's Deal (Potential in its API), each as the CRM's own translation names it.
 */
const RECORD_TYPE_WORDS = [
  'opportunity',
  'opportunities',
  'deal',
  'deals',
  'potential',
  'potentials',
  'opportunité',
  'opportunités',
  'affaire',
  'affaires',
  'transaction',
  'verkaufschance',
  'verkaufschancen',
  'deal-datensatz',
  'oportunidad',
  'oportunidades',
  'negocio',
  'negocios',
  'oportunidade',
  'oportunidades',
  'negócio',
  'negócios',
  'opportunità',
  'trattativa',
  'verkoopkans',
  '商談',
  '営業案件',
  '取引',
  '商机',
  '商機',
  '交易',
  'فرصة',
  'الفرصة',
  'فرص',
  'صفقة',
  'الصفقة',
];

/** Dynamics' form names between the record type and the name ("Opportunity: Information: …"). */
const FORM_WORDS = [
  'information',
  'informations',
  'informationen',
  'información',
  'informação',
  'informazioni',
  'main',
  'summary',
  'sales insights',
  '情報',
  '信息',
  '資訊',
  'معلومات',
];

const SEPARATORS = ['|', '-', '–', '—', '~', '·', '•', ':', '：'];
const fold = (text: string) => text.toLocaleLowerCase('en').normalize('NFKC');
const PRODUCTS = new Set(PRODUCT_SUFFIXES.map(fold));
const RECORD_TYPES = new Set(RECORD_TYPE_WORDS.map(fold));
const FORMS = new Set(FORM_WORDS.map(fold));

/** "Salesforce - Enterprise Edition", "Salesforce - Unlimited Edition" (Classic's suffix). */
const CLASSIC_EDITION =
  /\s[-–]\s(?:enterprise|unlimited|professional|developer|performance|essentials) edition$/i;
/** A leading count of unread items ("(3) ", "[2] ") or a leading mark a CRM adds ("● "). */
const LEADING_NOISE = /^(?:[([]\d{1,4}[)\]]|[●•*])\s*/u;

/** The title cut at its last separator: what precedes it and the word after it, or null. */
function lastPart(title: string): { head: string; tail: string } | null {
  let best = -1;
  let width = 0;
  for (const separator of SEPARATORS) {
    // A separator counts only with a space after it (a hyphen inside a word is the name's); a
    // colon (Dynamics' own, and French typography's " : ") needs none before it.
    const spaced = separator === ':' || separator === '：' ? `${separator} ` : ` ${separator} `;
    const at = title.lastIndexOf(spaced);
    if (at > best) {
      best = at;
      width = spaced.length;
    }
  }
  if (best <= 0) return null;
  return { head: title.slice(0, best).trimEnd(), tail: title.slice(best + width).trim() };
}

/** The title cut at its first separator: the word before it and what follows, or null. */
function firstPart(title: string): { head: string; tail: string } | null {
  const match = /^(.{1,40}?)(?:\s?[:：]\s+|\s[|\-–—]\s)(.+)$/su.exec(title);
  if (match === null) return null;
  return { head: (match[1] ?? '').trim(), tail: (match[2] ?? '').trim() };
}

function stripSuffixes(title: string): string {
  let text = title.replace(CLASSIC_EDITION, '');
  for (;;) {
    const part = lastPart(text);
    if (part === null) return text;
    const word = fold(part.tail);
    if (!PRODUCTS.has(word) && !RECORD_TYPES.has(word)) return text;
    text = part.head;
  }
}

function stripPrefixes(title: string): string {
  let text = title;
  let sawRecordType = false;
  for (;;) {
    const part = firstPart(text);
    if (part === null) return text;
    const word = fold(part.head);
    const known =
      RECORD_TYPES.has(word) || PRODUCTS.has(word) || (sawRecordType && FORMS.has(word));
    if (!known) return text;
    sawRecordType ||= RECORD_TYPES.has(word);
    text = part.tail;
  }
}

/**
 * The deal's name a CRM tab's title carries: the title less the CRMs' product names, record-type
 * words, Dynamics form names and unread counts at either end. A title that is nothing but those
 * words gives the empty string (the CRM's list page, not a deal).
 */
export function dealNameOfTabTitle(title: string): string {
  let text = title.normalize('NFC').replace(/\s+/gu, ' ').trim();
  text = text.replace(LEADING_NOISE, '');
  text = stripSuffixes(text);
  text = stripPrefixes(text);
  // What remains may be only a product or type word (a list page, "Deals | HubSpot").
  const word = fold(text);
  return PRODUCTS.has(word) || RECORD_TYPES.has(word) ? '' : text;
}

/**
 * Whether two deal names are the same to a reader of `locale`: case, width (full-width Latin and
 * half-width kana) and accents are not told apart, as Intl.Collator's sensitivity 'base' does.
 */
export function sameDealName(a: string, b: string, locale?: string): boolean {
  const left = a.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  const right = b.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  if (left === '' || right === '') return false;
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return collator.compare(left, right) === 0;
}
