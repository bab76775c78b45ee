// The theme: the system's, light or dark, saved as soon as it is chosen.
import { useState } from 'react';
import type { Settings, Theme } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../platform/i18n';
import { CardSection } from '../../ui/CardSection';
import { SaveFeedback, useSave } from './SettingsForm';

const themes: { value: Theme; label: MessageId }[] = [
  { value: 'system', label: 'settings.appearance.system' },
  { value: 'light', label: 'settings.appearance.light' },
  { value: 'dark', label: 'settings.appearance.dark' },
];

export function AppearanceForm({ settings }: { settings: Settings }) {
  const t = useT();
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
    <CardSection headingId="appearance-h" title={t('settings.appearance.title')}>
      <fieldset className="radio-group">
        <legend className="field-label">{t('settings.appearance.theme')}</legend>
        {themes.map((theme) => (
          <label key={theme.value} className="radio">
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={current === theme.value}
              onChange={() => void choose(theme.value)}
            />
            <span>{t(theme.label)}</span>
          </label>
        ))}
      </fieldset>
      <SaveFeedback error={error} saved={false} />
    </CardSection>
  );
}
