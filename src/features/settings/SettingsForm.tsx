// The pieces every settings form shares: inline validation with the contract's own schema, the
// save round trip with its feedback, and the footer and checkbox markup the forms repeat.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { SettingsPatch } from '../../../electron/contract';
import type { ErrorData } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { humanIssue } from '../../lib/fieldErrors';
import { useT } from '../../platform/i18n';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/Feedback';
import { isEmptyPatch, withoutLocked } from './managed';
import { useManaged } from './managedStore';
import { useSettings } from './store';

export type FieldErrors = Record<string, string | undefined>;

/** Validates a patch with the contract schema; errors keyed by the field path. */
function validate(
  patch: unknown,
  t: Translator['t'],
): { ok: true; patch: SettingsPatch } | { ok: false; errors: FieldErrors } {
  const parsed = SettingsPatch.safeParse(patch);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= humanIssue(issue, t);
  }
  return { ok: false, errors };
}

export function SaveFeedback({ error, saved }: { error: ErrorData | undefined; saved: boolean }) {
  const t = useT();
  if (error) return <FormError error={error} />;
  return saved ? (
    <p className="form-saved" role="status">
      {t('settings.form.saved')}
    </p>
  ) : null;
}

export function useSave() {
  const [error, setError] = useState<ErrorData | undefined>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (wanted: SettingsPatch): Promise<boolean> => {
    // Core refuses the whole update if it names a setting IT locked: a form sending a group
    // (all the notification kinds) or a draft from before IT's change must leave those out.
    const patch = withoutLocked(wanted, useManaged.getState().managed.locked);
    if (isEmptyPatch(patch)) return true;
    setBusy(true);
    setSaved(false);
    const ok = await useSettings.getState().update(patch);
    setBusy(false);
    setError(ok ? undefined : useSettings.getState().saveError);
    setSaved(ok);
    return ok;
  };
  return { error, saved, busy, save };
}

/** The dotted paths of a patch's values: the field errors a new attempt at them replaces. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    leafPaths(inner, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/**
 * `useSave` for a form: saves only a patch that passes validation, else shows its field errors.
 * A patch may carry only some of the form's fields (a switch that saves itself); the errors of
 * the fields it does not carry stay until those fields are tried again.
 */
export function useValidatedSave() {
  const t = useT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const { error, saved, busy, save } = useSave();
  const submit = async (patch: unknown): Promise<boolean> => {
    const result = validate(patch, t);
    const tried = leafPaths(patch);
    setErrors((previous) => {
      const kept = Object.entries(previous).filter(
        ([key]) => !tried.some((path) => key === path || path.startsWith(`${key}.`)),
      );
      return { ...Object.fromEntries(kept), ...(result.ok ? {} : result.errors) };
    });
    if (!result.ok) return false;
    return save(result.patch);
  };
  return { errors, error, saved, busy, submit };
}

/** The end of a settings form: what the last save did, and the button that saves. */
export function FormFooter({
  error,
  saved,
  busy,
  children,
}: {
  error: ErrorData | undefined;
  saved: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <SaveFeedback error={error} saved={saved} />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} disabled={busy}>
          {children}
        </Button>
      </div>
    </>
  );
}

export function Check({
  className = 'check',
  checked,
  disabled,
  describedBy,
  note,
  onChange,
  children,
}: {
  className?: string;
  checked: boolean;
  disabled?: boolean;
  /** The id of the text saying why it is disabled, or what it does. */
  describedBy?: string | undefined;
  /** Beside the box, and read as its first description ("Set by your organisation"). */
  note?: ReactNode;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const noteId = useId();
  const described = [note ? noteId : undefined, describedBy].filter(Boolean).join(' ');
  const box = (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={described === '' ? undefined : described}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
  if (!note) return box;
  return (
    <div className="check-row">
      {box}
      <span id={noteId}>{note}</span>
    </div>
  );
}
