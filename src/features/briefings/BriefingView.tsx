// A briefing laid out from whatever fields it carries: short facts first, then its text as
// markdown, sections with their deal references, lists, and anything else as readable fields.
import type { Briefing } from '../../../electron/contract';
import { isJsonRecord } from '../../lib/records';
import type { Json, JsonRecord } from '../../lib/records';
import { humanizeKey } from '../../lib/format';
import { navigate } from '../../app/router';
import { Markdown } from '../../ui/markdown';
import { RecordView } from '../../ui/RecordView';

const BODY_KEY = /^(summary|body|content|text|markdown|description|overview|details)$/i;
const TITLE_KEYS = ['title', 'heading', 'name', 'label'];
const SECTION_BODY_KEYS = ['body', 'content', 'text', 'markdown', 'summary', 'items'];
const DEAL_NAME_KEYS = ['name', 'title', 'dealName', 'dealTitle'];

interface DealRef {
  dealId: string;
  name: string;
}

function stringOf(record: JsonRecord, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

function asDealRef(value: Json): DealRef | null {
  if (!isJsonRecord(value)) return null;
  const dealId = value.dealId;
  if (typeof dealId !== 'string' || dealId === '') return null;
  if (Object.keys(value).length > 4) return null;
  return { dealId, name: stringOf(value, DEAL_NAME_KEYS) ?? 'Open deal' };
}

function asDealRefs(value: Json): DealRef[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const refs = value.map(asDealRef);
  return refs.every((r) => r !== null) ? (refs as DealRef[]) : null;
}

function isSection(value: Json): value is JsonRecord {
  return (
    isJsonRecord(value) &&
    stringOf(value, TITLE_KEYS) !== undefined &&
    SECTION_BODY_KEYS.some((k) => value[k] !== undefined)
  );
}

export function DealChips({ refs, label }: { refs: DealRef[]; label: string }) {
  const unique = [...new Map(refs.map((r) => [r.dealId, r])).values()];
  return (
    <ul className="deal-chips" aria-label={label}>
      {unique.map((ref) => (
        <li key={ref.dealId}>
          <a
            className="deal-chip"
            href={`#/deals/${encodeURIComponent(ref.dealId)}`}
            onClick={(event) => {
              event.preventDefault();
              navigate({ name: 'deals', dealId: ref.dealId });
            }}
          >
            {ref.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function StringList({ items }: { items: string[] }) {
  return (
    <ul className="brief-list">
      {items.map((item, i) => (
        <li key={i}>
          <Markdown text={item} className="md-inline" />
        </li>
      ))}
    </ul>
  );
}

function Section({ section }: { section: JsonRecord }) {
  const title = stringOf(section, TITLE_KEYS) ?? '';
  const rest: JsonRecord = {};
  let body: Json | undefined;
  let refs: DealRef[] | null = null;
  for (const [key, value] of Object.entries(section)) {
    if (TITLE_KEYS.includes(key) || key === 'id') continue;
    if (body === undefined && SECTION_BODY_KEYS.includes(key)) body = value;
    else if (asDealRefs(value)) refs = asDealRefs(value);
    else if (!(Array.isArray(value) && value.length === 0)) rest[key] = value;
  }
  return (
    <section className="brief-section" aria-label={title}>
      <h3>{title}</h3>
      {typeof body === 'string' ? <Markdown text={body} /> : null}
      {Array.isArray(body) && body.every((b) => typeof b === 'string') ? (
        <StringList items={body as string[]} />
      ) : null}
      {Object.keys(rest).length > 0 ? <RecordView record={rest} /> : null}
      {refs ? <DealChips refs={refs} label={`Deals in ${title}`} /> : null}
    </section>
  );
}

export function BriefingView({ briefing }: { briefing: Briefing }) {
  const data = briefing.data;
  const facts: JsonRecord = {};
  const bodies: [string, string][] = [];
  const sections: JsonRecord[] = [];
  const lists: [string, string[]][] = [];
  const refGroups: [string, DealRef[]][] = [];
  const others: JsonRecord = {};
  let mainDeal: DealRef | null = null;

  if (typeof data.dealId === 'string') {
    mainDeal = {
      dealId: data.dealId,
      name: stringOf(data, ['dealName', 'dealTitle']) ?? 'Open deal',
    };
  }

  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || (typeof value === 'string' && value === briefing.title)) continue;
    if (mainDeal && ['dealId', 'dealName', 'dealTitle'].includes(key)) continue;
    if (
      typeof value === 'string' &&
      (BODY_KEY.test(key) || value.length > 160 || value.includes('\n'))
    ) {
      bodies.push([key, value]);
    } else if (value === null || typeof value !== 'object') {
      facts[key] = value;
    } else if (asDealRef(value)) {
      refGroups.push([key, [asDealRef(value) as DealRef]]);
    } else if (asDealRefs(value)) {
      refGroups.push([key, asDealRefs(value) as DealRef[]]);
    } else if (Array.isArray(value) && value.length > 0 && value.every(isSection)) {
      sections.push(...(value as JsonRecord[]));
    } else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => typeof v === 'string')
    ) {
      lists.push([key, value as string[]]);
    } else {
      others[key] = value;
    }
  }

  return (
    <div className="briefing">
      {mainDeal ? <DealChips refs={[mainDeal]} label="Deal" /> : null}
      {Object.keys(facts).length > 0 ? <RecordView record={facts} /> : null}
      {bodies.map(([key, text]) => (
        <div key={key} className="brief-body">
          {BODY_KEY.test(key) ? null : <h3>{humanizeKey(key)}</h3>}
          <Markdown text={text} />
        </div>
      ))}
      {sections.map((section, i) => (
        <Section key={i} section={section} />
      ))}
      {lists.map(([key, items]) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3>{humanizeKey(key)}</h3>
          <StringList items={items} />
        </section>
      ))}
      {Object.keys(others).length > 0 ? <RecordView record={others} /> : null}
      {refGroups.map(([key, refs]) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3>{humanizeKey(key)}</h3>
          <DealChips refs={refs} label={humanizeKey(key)} />
        </section>
      ))}
    </div>
  );
}
