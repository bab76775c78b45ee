// The week of the user's place, as core works it out for the morning briefing's days (the
// system's region with the language in use: electron/domain/week/week-info.ts), so the days the
// form shows ticked are those core obeys.
import { useMemo } from 'react';
import { weekLocale, weekOf } from '../../../electron/domain/week/week-info';
import type { Week } from '../../../electron/domain/week/week-info';
import { useTranslator } from '../../platform/i18n';
import { systemLanguages } from '../../platform/i18n/system-languages';

export function useWeek(): Week {
  const { language } = useTranslator();
  return useMemo(() => weekOf(weekLocale(language, systemLanguages())), [language]);
}
