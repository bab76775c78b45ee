// The theme: the system's, light or dark, saved as soon as it is chosen.
import { useState } from 'react';
import type { Settings, Theme } from '../../../electron/contract';
import { CardSection } from '../../ui/CardSection';
import { SaveFeedback, useSave } from './SettingsForm';

const themes: { value: Theme; label: string }[] = [
  { value: 'system', label: 'Match the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceForm({ settings }: { settings: Settings }) {
  const { error, save } = useSave();
  // Shown as chosen at once; the host's answer (or its refusal) settles it.
  const [choice, setChoice] = useState<Theme | null>(null);
  const current = choice ?? settings.theme;
  const choose = async (theme: Theme) => {
    setChoice(theme);
    await save({ theme });
    setChoice(null);
  };
  return (
    <CardSection headingId="appearance-h" title="Appearance">
      <fieldset className="radio-group">
        <legend className="field-label">Theme</legend>
        {themes.map((t) => (
          <label key={t.value} className="radio">
            <input
              type="radio"
              name="theme"
              value={t.value}
              checked={current === t.value}
              onChange={() => void choose(t.value)}
            />
            <span>{t.label}</span>
          </label>
        ))}
      </fieldset>
      <SaveFeedback error={error} saved={false} />
    </CardSection>
  );
}
