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
        <h1>{title}</h1>
        {meta ? <div className="page-meta">{meta}</div> : null}
      </div>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}
