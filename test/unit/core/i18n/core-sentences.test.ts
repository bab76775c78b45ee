// Core's sentences that reach a person (errors shown in the app or a notification, desktop
// capability reasons, the unreadable-settings notice) are in the language in use; what belongs
// under "Details for IT" (the code, the status, the service's own words) stays as it was.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nonJsonSuccessError, schemaError } from '../../../../electron/core/api/response-errors';
import { normaliseBaseUrl } from '../../../../electron/core/api/url';
import { checkAgentId } from '../../../../electron/core/api/validate-input';
import {
  CREDENTIALS_IN_URL_MESSAGE,
  INSECURE_SERVICE_URL_MESSAGE,
} from '../../../../electron/contract/service-url';
import {
  browserModeCapabilities,
  shortcutCapability,
  osFocusModeCapability,
  trayCapability,
} from '../../../../electron/core/desktop';
import { setCoreWords } from '../../../../electron/core/i18n/words';
import { unreadableSettingsNotice } from '../../../../electron/core/settings';
import { answerTooLong } from '../../../../electron/core/runs/run-bound';
import { checkRunQuota } from '../../../../electron/core/usage';
import { englishWords, nodeTranslator } from '../../../../electron/domain/i18n/node-translator';
import type { UsageSummary } from '../../../../electron/contract';

afterEach(() => setCoreWords(englishWords()));

const headers = new Headers({ 'x-request-id': 'req-1' });
const usedUp: UsageSummary = {
  billingPeriod: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
  requests: { count: 50, limit: 1000 },
  runs: { count: 10, limit: 10 },
  tokens: { input: 10, output: 20, limit: 100 },
};
const shape = z.object({ runs: z.object({ count: z.number() }), name: z.string() });
const schemaFailure = (input: unknown) => {
  const parsed = shape.safeParse(input);
  if (parsed.success) throw new Error('expected a mismatch');
  return schemaError(parsed.error, input, { pathPrefix: 'data', requestId: 'req-2' });
};
const quotaError = () => {
  const decision = checkRunQuota(usedUp, 'UTC');
  if (decision.allowed) throw new Error('expected a refusal');
  return decision.error;
};

describe('core’s sentences in English', () => {
  it('read as they always did', () => {
    expect(nonJsonSuccessError(200, headers, '<html>hi</html>').message).toBe(
      'The service answered HTTP 200 with a non-JSON answer: "hi"',
    );
    expect(schemaFailure({ runs: { count: '3' } }).message).toBe(
      'Unexpected answer from the service: data.runs.count: expected number, got string; data.name: missing',
    );
    expect(quotaError().message).toBe(
      'Run limit reached: 10 of 10 runs used this billing period (it ends March 31). No run was started.',
    );
    // The address checks end with the contract's own advice, word for word.
    expect(() => normaliseBaseUrl('http://service.example')).toThrow(
      `The service address http://service.example is plain http. ${INSECURE_SERVICE_URL_MESSAGE}`,
    );
    expect(() => normaliseBaseUrl('https://me:pw@service.example')).toThrow(
      `The service address must not contain a user name or password. ${CREDENTIALS_IN_URL_MESSAGE}`,
    );
    expect(() => checkAgentId('nodot')).toThrow(
      'Agent id "nodot" is not of the form <namespace>.<agent_name> (letters, digits, _ or -).',
    );
  });
});

describe('core’s sentences in German', () => {
  it('writes errors in German, keeping code, status and the technical detail', () => {
    setCoreWords(nodeTranslator('de'));
    const error = nonJsonSuccessError(502, headers, '<html>Bad gateway</html>');
    expect(error.message).toBe(
      'Der Dienst hat mit HTTP 502 und einer Antwort geantwortet, die kein JSON ist: „Bad gateway“',
    );
    expect(error.toData()).toMatchObject({ code: 'bad_response', status: 502, requestId: 'req-1' });
    expect(schemaFailure({ runs: { count: '3' } }).message).toBe(
      'Unerwartete Antwort des Dienstes: data.runs.count: expected number, got string; data.name: missing',
    );
    expect(quotaError()).toMatchObject({
      code: 'runs_quota_reached',
      message:
        'Kontingent erreicht: 10 von 10 Antworten in diesem Abrechnungszeitraum genutzt (er endet am 31. März). Es wurde keine Antwort gestartet.',
    });
    expect(() => checkAgentId('')).toThrow('Wählen Sie einen Agent.');
    expect(() => normaliseBaseUrl('ftp://service.example')).toThrow(
      'Die Adresse des Dienstes muss mit https:// beginnen.',
    );
  });

  it('gives the desktop’s reasons and the settings notice in German', () => {
    setCoreWords(nodeTranslator('de'));
    expect(trayCapability('linux', { created: false, why: 'refused' }).reason).toBe(
      'Dieser Desktop bietet keinen Infobereich: Wenn Sie das Fenster schließen, wird die App beendet.',
    );
    expect(
      shortcutCapability(
        { status: 'refused', accelerator: 'CommandOrControl+Shift+A' },
        { platform: 'linux', linuxSession: 'x11' },
      ).reason,
    ).toBe(
      'Ctrl+Shift+A wird bereits von einer anderen App oder vom System verwendet. Wählen Sie ein anderes Tastenkürzel.',
    );
    expect(osFocusModeCapability('darwin').reason).toMatch(/^Der macOS-Fokus gilt selbst/);
    expect(browserModeCapabilities().updates.reason).toBe(
      'Der Browsermodus aktualisiert sich nicht selbst: Aktualisieren Sie die Kopie der App, aus der Sie ihn gestartet haben.',
    );
    expect(
      unreadableSettingsNotice({
        reason: 'not JSON',
        setAsidePath: '/data/settings.json.corrupt-1',
      }),
    ).toBe(
      'Ihre Einstellungen konnten nicht gelesen werden (not JSON), daher gelten die Standardwerte. Die alte Datei wurde als /data/settings.json.corrupt-1 aufbewahrt.',
    );
  });
});

describe('core’s sentences in Arabic', () => {
  it('writes errors in Arabic, with the service’s details left as they are', () => {
    setCoreWords(nodeTranslator('ar'));
    expect(nonJsonSuccessError(200, headers, '').message).toBe(
      'ردّت الخدمة بـ HTTP 200 بمحتوى فارغ بدلًا من JSON.',
    );
    const schema = schemaFailure({ runs: { count: '3' }, name: 1, extra: 0 });
    expect(schema.message).toBe(
      'إجابة غير متوقعة من الخدمة: data.runs.count: expected number, got string; data.name: expected string, got number',
    );
    expect(schema.field).toBe('data.runs.count');
    expect(answerTooLong(2 * 1024 * 1024)).toMatchObject({
      code: 'answer_too_long',
      message:
        'هذه الإجابة أطول من أن تُعرض هنا (أكثر من 2 MB)، لذا توقّف التطبيق عن متابعتها. يُحتفظ بالجزء الذي وصل حتى الآن.',
    });
  });

  it('gives the desktop’s reasons in Arabic', () => {
    setCoreWords(nodeTranslator('ar'));
    expect(trayCapability('linux', { created: false, why: 'refused' }).reason).toBe(
      'لا يوفّر سطح المكتب هذا علبة نظام: إغلاق النافذة يُنهي التطبيق.',
    );
  });
});
