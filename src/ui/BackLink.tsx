// "← All runs", "← All deals": a link back to a screen. The link draws its own arrow, which turns
// in right-to-left (base.css, .turns-in-rtl), so callers pass the words only.
import type { ReactNode } from 'react';
import type { Route } from '../lib/routes';
import { RouteLink } from './RouteLink';

export function BackLink({ to, children }: { to: Route; children: ReactNode }) {
  return (
    <RouteLink to={to} className="back-link">
      <span className="turns-in-rtl">←</span> {children}
    </RouteLink>
  );
}
