// What happened on the deal, newest first: when, what kind, who and what, in people's names.
import type { TimelineItem } from '../../lib/dealFacts';
import { formatDate } from '../../lib/format';
import { useTranslator } from '../../platform/i18n';
import { activityKindWord } from './activityKinds';

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
              {item.kind ? <span>{activityKindWord(item.kind, t)}</span> : null}
              {item.who ? <span>{item.who}</span> : null}
            </p>
            <p className="timeline-text" dir="auto">
              {item.text}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
