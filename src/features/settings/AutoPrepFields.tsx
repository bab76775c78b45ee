// Prep that runs by itself before a meeting: for no meetings, those with a deal, or all of them,
// how long before, and how much of the team's runs it leaves alone. Saved as made: a choice at
// once, a number when its field is left (or Enter pressed). IT may set or lock each
// (ManagedNote). The agent is Prepare's own, chosen in the field after these.
import { useId, useState } from 'react';
import { AUTO_PREP_MODES } from '../../../electron/contract';
import type { AutoPrepMode, Settings } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../platform/i18n';
import { Field } from '../../ui/Field';
import { usePolicy } from './ManagedNote';
import { SaveFeedback, useValidatedSave } from './SettingsForm';

const modeLabels: Record<AutoPrepMode, MessageId> = {
  off: 'settings.autoPrep.off',
  'deal-meetings': 'settings.autoPrep.dealMeetings',
  'all-meetings': 'settings.autoPrep.allMeetings',
};

/** A whole number as typed, else NaN for the contract's schema to refuse. */
const wholeNumberOf = (typed: string): number =>
  /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;

type NumberKey = 'leadMinutes' | 'reservePercent';

/**
 * A whole-number setting of automatic prep: shown as typed while edited, saved when left or on
 * Enter, kept as typed when refused so the message beside it shows what was wrong.
 */
function NumberField({
  name,
  saved,
  label,
  hint,
  submit,
  error,
}: {
  name: NumberKey;
  saved: number;
  label: string;
  hint: string;
  submit: ReturnType<typeof useValidatedSave>['submit'];
  error: string | undefined;
}) {
  const policy = usePolicy(`autoPrep.${name}`);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = policy.locked || typed === null ? String(saved) : typed;
  const save = async () => {
    if (typed === null || policy.locked) return;
    if (wholeNumberOf(typed) === saved) {
      setTyped(null);
      return;
    }
    if (await submit({ autoPrep: { [name]: wholeNumberOf(typed) } })) setTyped(null);
  };
  return (
    <Field label={label} note={policy.note} hint={hint} error={error}>
      <input
        className="input input-narrow"
        type="text"
        inputMode="numeric"
        readOnly={policy.locked}
        value={shown}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => void save()}
        // The form has no Save button: Enter saves, as leaving the field does.
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
        }}
      />
    </Field>
  );
}

export function AutoPrepFields({ settings }: { settings: Settings }) {
  const t = useT();
  const hintId = useId();
  const saved = settings.autoPrep;
  const { errors, error, submit } = useValidatedSave();
  const modePolicy = usePolicy('autoPrep.mode');
  // Shown as chosen at once; the host's answer (or its refusal) settles it.
  const [mode, setMode] = useState<AutoPrepMode | null>(null);
  const shownMode = modePolicy.locked ? saved.mode : (mode ?? saved.mode);

  const choose = async (next: AutoPrepMode) => {
    setMode(next);
    await submit({ autoPrep: { mode: next } });
    setMode(null);
  };

  return (
    <>
      <fieldset className="radio-group auto-prep-modes" aria-describedby={hintId}>
        <legend className="field-label">
          {t('settings.autoPrep.legend')}
          {modePolicy.note ? <> {modePolicy.note}</> : null}
        </legend>
        <p id={hintId} className="field-hint">
          {t('settings.autoPrep.hint')}
        </p>
        {AUTO_PREP_MODES.map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="auto-prep-mode"
              value={value}
              checked={shownMode === value}
              disabled={modePolicy.locked}
              onChange={() => void choose(value)}
            />
            <span>{t(modeLabels[value])}</span>
          </label>
        ))}
      </fieldset>
      <NumberField
        name="leadMinutes"
        saved={saved.leadMinutes}
        label={t('settings.autoPrep.leadMinutes')}
        hint={t('settings.autoPrep.leadMinutesHint')}
        submit={submit}
        error={errors['autoPrep.leadMinutes']}
      />
      <NumberField
        name="reservePercent"
        saved={saved.reservePercent}
        label={t('settings.autoPrep.reservePercent')}
        hint={t('settings.autoPrep.reservePercentHint')}
        submit={submit}
        error={errors['autoPrep.reservePercent']}
      />
      {/* Each choice shows as made; only a refusal needs saying. */}
      <SaveFeedback error={error} saved={false} />
    </>
  );
}
