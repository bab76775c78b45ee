// A link back to a screen: a real address (it can be copied or opened anew) that the app follows
// itself, without a page load.
import type { ReactNode } from 'react';
import { navigate } from '../app/router';
import { formatRoute } from '../lib/routes';
import type { Route } from '../lib/routes';

export function BackLink({ to, children }: { to: Route; children: ReactNode }) {
  return (
    <a
      className="back-link"
      href={formatRoute(to)}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
