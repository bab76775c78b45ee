// Prep that runs by itself before a meeting: for no meetings, those with a deal, or all of them,
// and how long before. Saved as made: a choice at once, the minutes when their field is left (or
// Enter pressed). IT may set or lock each (ManagedNote). The agent is Prepare's own, chosen in
// the field after these.
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

/** The minutes as typed: a whole number, else NaN for the contract's schema to refuse. */
const minutesOf = (typed: string): number =>
  /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;

export function AutoPrepFields({ settings }: { settings: Settings }) {
  const t = useT();
  const hintId = useId();
  const saved = settings.autoPrep;
  const { errors, error, submit } = useValidatedSave();
  const modePolicy = usePolicy('autoPrep.mode');
  const leadPolicy = usePolicy('autoPrep.leadMinutes');
  // Shown as chosen at once; the host's answer (or its refusal) settles it.
  const [mode, setMode] = useState<AutoPrepMode | null>(null);
  const [lead, setLead] = useState<string | null>(null);
  const shownMode = modePolicy.locked ? saved.mode : (mode ?? saved.mode);
  const shownLead = leadPolicy.locked || lead === null ? String(saved.leadMinutes) : lead;

  const choose = async (next: AutoPrepMode) => {
    setMode(next);
    await submit({ autoPrep: { mode: next } });
    setMode(null);
  };
  const saveLead = async () => {
    if (lead === null || leadPolicy.locked) return;
    if (minutesOf(lead) === saved.leadMinutes) {
      setLead(null);
      return;
    }
    // Kept as typed when refused, so the message beside it shows what was wrong.
    if (await submit({ autoPrep: { leadMinutes: minutesOf(lead) } })) setLead(null);
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
      <Field
        label={t('settings.autoPrep.leadMinutes')}
        note={leadPolicy.note}
        hint={t('settings.autoPrep.leadMinutesHint')}
        error={errors['autoPrep.leadMinutes']}
      >
        <input
          className="input input-narrow"
          type="text"
          inputMode="numeric"
          readOnly={leadPolicy.locked}
          value={shownLead}
          onChange={(e) => setLead(e.target.value)}
          onBlur={() => void saveLead()}
          // The form has no Save button: Enter saves, as leaving the field does.
          onKeyDown={(e) => {
            if (e.key === 'Enter') void saveLead();
          }}
        />
      </Field>
      {/* Each choice shows as made; only a refusal needs saying. */}
      <SaveFeedback error={error} saved={false} />
    </>
  );
}
