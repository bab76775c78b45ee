import type { ReactNode } from 'react';

export function PageHeader({
  title,
  children,
  meta,
}: {
  title: string;
  children?: ReactNode;
  meta?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-title">
        {/* Focusable so an action that opens a screen can land on its title. */}
        <h1 tabIndex={-1}>{title}</h1>
        {meta ? <div className="page-meta">{meta}</div> : null}
      </div>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}
