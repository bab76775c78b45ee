// What happened on the deal, newest first: when, what kind, who and what, in people's names.
import type { TimelineItem } from '../../lib/dealFacts';
import { formatDate, humanizeEnum } from '../../lib/format';
import { useTranslator } from '../../platform/i18n';
import type { MessageId } from '../../../electron/domain/i18n/messages';

// The kinds of activity CRMs share, in the language in use; another kind reads as the record
// writes it, made readable.
const KINDS: Readonly<Record<string, MessageId>> = {
  call: 'deals.activity.kindCall',
  email: 'deals.activity.kindEmail',
  meeting: 'deals.activity.kindMeeting',
  note: 'deals.activity.kindNote',
  task: 'deals.activity.kindTask',
};

function kindWord(kind: string, t: (id: MessageId) => string): string {
  const id = KINDS[kind.trim().toLowerCase()];
  return id === undefined ? humanizeEnum(kind) : t(id);
}

export function ActivityTimeline({ items }: { items: TimelineItem[] }) {
  const { t, locale } = useTranslator();
  return (
    <section className="card" aria-labelledby="deal-activity-h">
      <h2 id="deal-activity-h">{t('deals.activity.title')}</h2>
      <ol className="timeline">
        {items.map((item, i) => (
          <li key={`${item.at ?? ''}-${i}`} className="timeline-item">
            <p className="timeline-meta subtle">
              {item.at ? <time dateTime={item.at}>{formatDate(item.at, locale)}</time> : null}
              {item.kind ? <span>{kindWord(item.kind, t)}</span> : null}
              {item.who ? <span>{item.who}</span> : null}
            </p>
            <p className="timeline-text">{item.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
