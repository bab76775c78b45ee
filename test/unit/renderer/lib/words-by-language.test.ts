// The lib modules that word things, read in other languages: plurals pick each language's form,
// selects pick the quota and the period, and the contract's English sentences are translated.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INSECURE_SERVICE_URL_MESSAGE } from '../../../../electron/contract/service-url';
import { missingCapabilityReason } from '../../../../src/lib/capabilities';
import { parseClockTime } from '../../../../src/lib/clockTime';
import { featureLines } from '../../../../src/lib/desktopFeatures';
import { humanIssue } from '../../../../src/lib/fieldErrors';
import { askLimit, atLimit, runQuotaWarning } from '../../../../src/lib/usage';
import { translatorFor } from '../../../support/translators';

const de = translatorFor('de').t;
const fr = translatorFor('fr').t;
const ar = translatorFor('ar').t;
const ja = translatorFor('ja').t;

function issueOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  const [issue] = parsed.error.issues;
  if (!issue) throw new Error('no issue');
  return issue;
}

describe('quota warnings', () => {
  it('count runs with each language’s plural forms', () => {
    expect(runQuotaWarning({ used: 81, limit: 100 }, de)?.message).toBe(
      'Nur noch 19 von 100 Antworten in diesem Abrechnungszeitraum.',
    );
    // French agrees the noun with what is left, not with the limit.
    expect(runQuotaWarning({ used: 99, limit: 100 }, fr)?.message).toBe(
      'Il ne reste qu’une réponse sur 100 pour cette période de facturation.',
    );
    expect(runQuotaWarning({ used: 2, limit: 2 }, ar)?.message).toBe(
      'استُخدمت الإجابتان في فترة الفوترة هذه.',
    );
  });

  it('name the period and the quota by select, so each language words them its own way', () => {
    const usage = (start: string, end: string) => ({
      billingPeriod: { start, end },
      runs: { count: 50, limit: 50 },
      tokens: { input: 0, output: 0, limit: null },
      requests: { count: 0, limit: null },
    });
    const day = () => '1. Dezember';
    expect(askLimit(usage('2026-11-01', '2026-12-01'), day, de)?.message).toBe(
      'Ihr Team hat seine 50 Antworten in diesem Monat aufgebraucht; sie werden am 1. Dezember zurückgesetzt. Bitten Sie Ihren Administrator um mehr.',
    );
    expect(askLimit(usage('2026-11-15', '2026-12-15'), day, de)?.message).toMatch(
      /in diesem Abrechnungszeitraum aufgebraucht/,
    );
    // "100 %" is Intl's percent, its space no-break or narrow by ICU version: compared as a space.
    const spaces = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');
    expect(spaces(atLimit('requests', '1 déc.', fr))).toBe(
      'À 100 %, le service refuse les requêtes jusqu’au 1 déc. ; ce qui est enregistré ici reste lisible.',
    );
  });
});

describe('field errors', () => {
  it('say limits with the language’s plural', () => {
    expect(humanIssue(issueOf(z.string().max(3), 'abcd'), ar)).toBe('استخدم 3 أحرف على الأكثر.');
    expect(humanIssue(issueOf(z.string().max(11), 'x'.repeat(12)), ar)).toBe(
      'استخدم 11 حرفًا على الأكثر.',
    );
    expect(humanIssue(issueOf(z.number().max(240), 300), de)).toBe(
      'Geben Sie 240 oder weniger ein.',
    );
  });

  it('translate the contract’s own sentences, and keep any other as written', () => {
    const insecure = z.string().refine(() => false, INSECURE_SERVICE_URL_MESSAGE);
    expect(humanIssue(issueOf(insecure, 'x'), ja)).toMatch(
      /^https:\/\/ のアドレスを使ってください。/,
    );
    const other = z.string().refine(() => false, 'A sentence the app does not know.');
    expect(humanIssue(issueOf(other, 'x'), ja)).toBe('A sentence the app does not know.');
  });
});

describe('typed times, capabilities and desktop features', () => {
  it('say what is wrong with a time in the language in use', () => {
    expect(parseClockTime('25:00', de)).toEqual({
      error: 'Es gibt keine Stunde 25: Die Stunden eines Tages gehen von 0 bis 23.',
    });
    expect(parseClockTime('9:00', ja)).toEqual({ time: '09:00' });
  });

  it('say a missing capability whole, and an unknown one by its name', () => {
    expect(missingCapabilityReason('usage', fr)).toBe(
      'Ce service ne propose pas de suivi de l’utilisation.',
    );
    expect(missingCapabilityReason('forecasts', fr)).toBe(
      'Ce service ne propose pas «\u202fforecasts\u202f».',
    );
  });

  it('label desktop features and their status', () => {
    const off = { available: false, reason: 'Nein.' };
    const caps = {
      tray: off,
      globalShortcut: off,
      notifications: { available: true },
      launchAtLogin: off,
      osFocusMode: off,
      updates: off,
    };
    const [notifications, focus] = featureLines(caps, 'electron', 'default', de);
    expect(notifications).toMatchObject({ label: 'Benachrichtigungen', text: 'Verfügbar.' });
    expect(focus).toMatchObject({
      label: '„Nicht stören“ des Systems',
      text: 'Nicht verfügbar. Nein.',
    });
  });
});
