// Core's language follows the setting at once: its words, the tray's, and what it asks the
// service in, from the system's languages when the choice is "system".
import { afterEach, describe, expect, it } from 'vitest';
import { buildTrayMenu } from '../../../../electron/core/desktop/tray-menu';
import { createCoreLanguage, validLanguageTags } from '../../../../electron/core/i18n/language';
import { coreWords, setCoreWords } from '../../../../electron/core/i18n/words';
import { toAssistantError } from '../../../../electron/core/errors';
import { englishWords } from '../../../../electron/domain/i18n/node-translator';

const clock = { now: new Date('2026-01-05T09:00:00Z'), timeZone: 'UTC' };

afterEach(() => setCoreWords(englishWords()));

describe('createCoreLanguage', () => {
  it('resolves "system" from the system languages and switches at once', () => {
    const language = createCoreLanguage({ choice: 'system', systemLanguages: ['de-AT', 'en'] });
    expect(language.translator().language).toBe('de');
    expect(language.translator().locale).toBe('de-AT');
    expect(language.acceptLanguage()).toBe('de, en;q=0.8');
    const heard: string[] = [];
    language.subscribe((translator) => heard.push(translator.language));
    language.choose('ja');
    expect(heard).toEqual(['ja']);
    expect(language.acceptLanguage()).toBe('ja, en;q=0.8');
    expect(coreWords().language).toBe('ja');
  });

  it("gives core's words back to English once released, unless another language took them since", () => {
    const german = createCoreLanguage({ choice: 'de', systemLanguages: ['en'] });
    expect(coreWords().language).toBe('de');
    german.release();
    expect(coreWords().language).toBe('en');

    const japanese = createCoreLanguage({ choice: 'ja', systemLanguages: ['en'] });
    german.release();
    expect(coreWords().language).toBe('ja');
    japanese.release();
    expect(coreWords().language).toBe('en');
  });

  it("knows the week of the system's region, and follows the languages a page brings", () => {
    const language = createCoreLanguage({ choice: 'de', systemLanguages: ['ar-SA'] });
    // A German interface in Riyadh: Riyadh's week.
    expect(language.week().workingDays).toEqual(['sun', 'mon', 'tue', 'wed', 'thu']);
    language.adoptSystemLanguages(['de-DE', 'en']);
    expect(language.week()).toEqual({
      firstDay: 'mon',
      workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
  });

  it('writes the tray menu and core errors in the chosen language', () => {
    const language = createCoreLanguage({ choice: 'de', systemLanguages: ['en-US'] });
    const labels = buildTrayMenu(
      { liveRuns: [], doNotDisturb: false, unread: 2 },
      clock,
      language.translator(),
    ).flatMap((item) => ('label' in item ? [item.label] : []));
    expect(labels).toContain('Assistant öffnen');
    expect(labels).toContain('Benachrichtigungen (2 ungelesen)…');
    expect(labels).toContain('Nicht stören');
    const error = toAssistantError(new Error('boom'));
    expect(error.message).toBe('Unerwarteter Fehler: boom');
  });

  it('keeps only language tags of what the system reported', () => {
    expect(validLanguageTags(['en_US', 'de-AT', '', 'x'.repeat(50), 42, 'fr'])).toEqual([
      'en-US',
      'de-AT',
      'fr',
    ]);
  });
});

describe('adoptSystemLanguages', () => {
  it('lets a page’s browser languages decide "system", telling listeners of a change only', () => {
    const language = createCoreLanguage({ choice: 'system', systemLanguages: ['en-US'] });
    const heard: string[] = [];
    language.subscribe((translator) => heard.push(translator.language));
    language.adoptSystemLanguages(['fr-CA', 'fr']);
    expect(language.translator().language).toBe('fr');
    expect(language.translator().locale).toBe('fr-CA');
    language.adoptSystemLanguages(['fr-FR']);
    language.adoptSystemLanguages([]);
    expect(heard).toEqual(['fr']);
    expect(language.systemLanguages).toEqual(['fr-FR']);
  });

  it('never overrides a language chosen in Settings', () => {
    const language = createCoreLanguage({ choice: 'ja', systemLanguages: ['en-US'] });
    language.adoptSystemLanguages(['de-DE']);
    expect(language.translator().language).toBe('ja');
  });
});
