// "← All runs", "← All deals": a link back to a screen. The link draws its own arrow, which turns
// in right-to-left (base.css, .turns-in-rtl), so callers pass the words only.
import type { ReactNode } from 'react';
import type { Route } from '../lib/routes';
import { RouteLink } from './RouteLink';

// Callers written before the link drew its arrow began their words with one; it is dropped so
// the arrow shows once, and turns. It stays in the link's name ("← All deals"), as before.
const LEADING_ARROW = /^←\s*/;

export function BackLink({ to, children }: { to: Route; children: ReactNode }) {
  const words = typeof children === 'string' ? children.replace(LEADING_ARROW, '') : children;
  return (
    <RouteLink to={to} className="back-link">
      <span className="turns-in-rtl">←</span> {words}
    </RouteLink>
  );
}
