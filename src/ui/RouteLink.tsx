// A link to a screen of the app: a real address (it can be copied or opened anew) that the app
// follows itself, without a page load. Focus follows to what the link opened (the deal's heading,
// the run), not the top of the page.
import type { ReactNode } from 'react';
import { openAndFocus } from '../platform/focusWhenShown';
import { formatRoute } from '../lib/routes';
import type { Route } from '../lib/routes';

export function RouteLink({
  to,
  className,
  children,
}: {
  to: Route;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={formatRoute(to)}
      onClick={(e) => {
        e.preventDefault();
        openAndFocus(to);
      }}
    >
      {children}
    </a>
  );
}
