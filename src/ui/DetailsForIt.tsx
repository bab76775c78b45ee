// "Details for IT": the one collapsed place for what only support needs (ids, codes, token
// counts, raw events), never on the salesperson's main path.
import type { ReactNode } from 'react';
import { useT } from '../platform/i18n';

export function DetailsForIt({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <details className="error-meta details-it">
      <summary>{t('app.feedback.detailsForIt')}</summary>
      <div className="details-it-body">{children}</div>
    </details>
  );
}
