// A labelled form control with its hint and inline error, wired for assistive tech.
import { cloneElement, useId } from 'react';
import type { ReactElement, ReactNode } from 'react';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export function Field({
  label,
  hint,
  error,
  note,
  children,
  className,
}: {
  label: string;
  /** Beside the label, and read as the control's first description ("Set by your organisation"). */
  note?: ReactNode;
  /** Text, or text with a control of its own (a Retry beside what went wrong). */
  hint?: ReactNode;
  error?: string;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const noteId = note ? `${id}-note` : undefined;
  const describedBy = [noteId, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'has-error' : ''} ${className ?? ''}`}>
      {note ? (
        <div className="field-label-row">
          <label htmlFor={id} className="field-label">
            {label}
          </label>
          <span id={noteId}>{note}</span>
        </div>
      ) : (
        <label htmlFor={id} className="field-label">
          {label}
        </label>
      )}
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
