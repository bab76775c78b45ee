// "← All runs", "← All deals": a link back to a screen.
import type { ReactNode } from 'react';
import type { Route } from '../lib/routes';
import { RouteLink } from './RouteLink';

export function BackLink({ to, children }: { to: Route; children: ReactNode }) {
  return (
    <RouteLink to={to} className="back-link">
      {children}
    </RouteLink>
  );
}
