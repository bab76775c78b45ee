// Display hints for records the spec does not describe (agent, deal, briefing, run record): the
// record is kept whole and these hints only say what to show first. The roles come from
// domain/records/roles (any key convention, wrappers, related objects, OData annotations):
//
//   id       the UUID-valued identifier when there is one, else the first of `id`,
//            `<resource>Id`, `uuid`, `guid`, `key`, `slug`, … (numbers too)
//   title    `name`, `title`, `headline`, `subject`, `label`, `displayName` (also prefixed:
//            `dealName`, `Deal_Name`), a briefing's `meeting.title`, else the id, else
//            "Untitled <resource>"
//   subtitle `description` or `summary` text, else the account, else the stage or status, else
//            `type`, never repeating the title
import { findText, inferRoles } from '../../domain/records/roles';
import { visibleLine } from '../../domain/text/visible-text';

export interface DisplayHints {
  id: string | undefined;
  title: string;
  subtitle: string | undefined;
}

/** The plain keys a title is most often found under (the CLI lists the rest of the fields). */
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

export function displayHints(
  record: Record<string, unknown>,
  resource: ResourceName,
): DisplayHints {
  const roles = inferRoles(record, resource);
  const id = roles.id;
  // The id stands in for a missing title, so it is shown as itself like any service text.
  const shownId = id === undefined ? '' : visibleLine(id).trim();
  const title = roles.title ?? (shownId === '' ? `Untitled ${resource}` : shownId);
  // A subtitle repeating the title says nothing; the next candidate is used instead.
  const candidates = [
    findText(record, ['description'], resource),
    findText(record, ['summary'], resource),
    roles.account,
    roles.stage,
    findText(record, ['type'], resource),
  ];
  const subtitle = candidates.find((c) => c !== undefined && c !== title);
  return { id, title, subtitle };
}
