// "Details for IT": the one collapsed place for what only support needs (ids, codes, token
// counts, raw events), never on the salesperson's main path.
import type { ReactNode } from 'react';

export function DetailsForIt({ children }: { children: ReactNode }) {
  return (
    <details className="error-meta details-it">
      <summary>Details for IT</summary>
      <div className="details-it-body">{children}</div>
    </details>
  );
}
