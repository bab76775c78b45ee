// The interface language: each language by its own name, or the system's (named, so the person
// sees what it is now). Saved as soon as chosen; the window, the tray and notifications follow at
// once. The pseudo-language is offered only in development, or where it is already the choice.
import { useState } from 'react';
import type { Settings } from '../../../electron/contract';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  languageChoiceSchema,
  negotiateLanguage,
  PSEUDO_LANGUAGE,
  type LanguageChoice,
} from '../../../electron/domain/i18n/languages';
import { useT } from '../../platform/i18n';
import { systemLanguages } from '../../platform/i18n/system-languages';
import { CardSection } from '../../ui/CardSection';
import { Field } from '../../ui/Field';
import { usePolicy } from './ManagedNote';
import { SaveFeedback, useSave } from './SettingsForm';

export function LanguageForm({ settings }: { settings: Settings }) {
  const t = useT();
  const { error, save } = useSave();
  // Shown as chosen at once; the host's answer (or its refusal) settles it.
  const [choice, setChoice] = useState<LanguageChoice | null>(null);
  const current = choice ?? settings.language;
  const choose = async (value: string) => {
    const parsed = languageChoiceSchema.safeParse(value);
    if (!parsed.success) return;
    setChoice(parsed.data);
    await save({ language: parsed.data });
    setChoice(null);
  };
  const system = LANGUAGE_NAMES[negotiateLanguage(systemLanguages())];
  const offerPseudo = import.meta.env.DEV || current === PSEUDO_LANGUAGE;
  const { locked, note } = usePolicy('language');
  return (
    <CardSection headingId="language-h" title={t('language.settings.title')}>
      <Field label={t('language.settings.label')} note={note} hint={t('language.settings.hint')}>
        <select
          className="input"
          name="language"
          disabled={locked}
          value={current}
          onChange={(e) => void choose(e.target.value)}
        >
          <option value="system">{t('language.settings.system', { language: system })}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
          {offerPseudo ? (
            <option value={PSEUDO_LANGUAGE}>{t('language.settings.pseudo')}</option>
          ) : null}
        </select>
      </Field>
      <SaveFeedback error={error} saved={false} />
    </CardSection>
  );
}
