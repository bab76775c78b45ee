// Display hints for records the spec does not describe (agent, deal, briefing, run record): the
// record is kept whole and these hints only say what to show first. Fallback order, first
// non-empty value wins (strings, or numbers for ids):
//
//   id       `id`, `<resource>Id`, `<resource>_id` (e.g. `dealId`, `deal_id`), `uuid`, `key`,
//            `slug`
//   title    `name`, `title`, `headline`, `subject`, `label`, `displayName`, `display_name`,
//            else the id, else "Untitled <resource>"
//   subtitle `description`, `summary`, `account`, `accountName`, `company`, `companyName`,
//            `customer`, `stage`, `status`, `type`
//
// A value that is an object holding a title (e.g. `account: { name: "Acme" }`) counts too.

export interface DisplayHints {
  id: string | undefined;
  title: string;
  subtitle: string | undefined;
}

export const ID_FALLBACKS = ['id', '{resource}Id', '{resource}_id', 'uuid', 'key', 'slug'] as const;
export const TITLE_FALLBACKS = [
  'name',
  'title',
  'headline',
  'subject',
  'label',
  'displayName',
  'display_name',
] as const;
export const SUBTITLE_FALLBACKS = [
  'description',
  'summary',
  'account',
  'accountName',
  'company',
  'companyName',
  'customer',
  'stage',
  'status',
  'type',
] as const;

/** The resources whose records are not shown, by their singular name. */
export type ResourceName = 'agent' | 'deal' | 'briefing' | 'run' | (string & {});

const MAX_HINT_CHARS = 200;

export function idKeys(resource: ResourceName): string[] {
  return ID_FALLBACKS.map((key) => key.replace('{resource}', resource));
}

function asText(value: unknown, allowNumber: boolean): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed.slice(0, MAX_HINT_CHARS);
  }
  if (allowNumber && typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function firstText(
  record: Record<string, unknown>,
  keys: readonly string[],
  options: { allowNumber: boolean; nested: boolean; exclude?: string },
): string | undefined {
  for (const key of keys) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    const direct = asText(value, options.allowNumber);
    if (direct !== undefined && direct !== options.exclude) return direct;
    if (options.nested && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const inner = firstText(value as Record<string, unknown>, TITLE_FALLBACKS, {
        allowNumber: false,
        nested: false,
      });
      if (inner !== undefined && inner !== options.exclude) return inner;
    }
  }
  return undefined;
}

export function displayHints(
  record: Record<string, unknown>,
  resource: ResourceName,
): DisplayHints {
  const id = firstText(record, idKeys(resource), { allowNumber: true, nested: false });
  const title =
    firstText(record, TITLE_FALLBACKS, { allowNumber: false, nested: false }) ??
    id ??
    `Untitled ${resource}`;
  // A subtitle repeating the title says nothing; the next candidate is used instead.
  const subtitle = firstText(record, SUBTITLE_FALLBACKS, {
    allowNumber: false,
    nested: true,
    exclude: title,
  });
  return { id, title, subtitle };
}
