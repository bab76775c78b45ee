// A card with its own heading, labelling the section for assistive technology: the settings
// screen is made of these.
import type { ReactNode } from 'react';

export function CardSection({
  headingId,
  title,
  id,
  aside,
  className = 'card settings-section',
  children,
}: {
  headingId: string;
  title: string;
  /** For links into the section (e.g. from the command palette). */
  id?: string;
  /** Shown beside the heading (e.g. when the content was updated, and Refresh). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = <h2 id={headingId}>{title}</h2>;
  return (
    <section className={className} id={id} aria-labelledby={headingId}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="card-head">
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
