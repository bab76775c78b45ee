// A service or sign-in address with a user name, password, query or fragment in it is refused
// where it is typed (the contract's settings schema, whose message the Settings form shows beside
// the field, in the language in use), in the settings file, and by core before anything is sent
// (ASSISTANT_BASE_URL, --base-url, browser mode); logs and diagnostics strip one that got through
// anyway.
import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS_IN_URL_MESSAGE,
  INSECURE_SERVICE_URL_MESSAGE,
  QUERY_IN_URL_MESSAGE,
} from '../../../electron/contract/service-url';
import { Settings, SettingsPatch } from '../../../electron/contract/settings';
import { normaliseBaseUrl } from '../../../electron/core/api/url';
import { resolveTarget } from '../../../electron/cli/connection';
import { checkSignInUrl } from '../../../electron/core/security/navigation';
import { LANGUAGES } from '../../../electron/domain/i18n/languages';
import { humanIssue } from '../../../src/lib/fieldErrors';
import { connectionPatch } from '../../../src/features/settings/settingsPatch';
import { translatorFor } from '../../support/translators';
import { formatDiagnostics } from '../../../electron/core/diagnostics';
import { SecretRegistry } from '../../../electron/core/logs/redact';
import { AssistantError } from '../../../electron/core/errors';

/** The messages the schema gives for one address in the service field. */
function refusals(address: string): string[] {
  const parsed = SettingsPatch.safeParse({ serviceBaseUrl: address });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('an address with credentials in Settings', () => {
  it('is refused with the reason, in both address fields and however the credentials are written', () => {
    for (const address of [
      'https://user:pw@assistant.example.com/api/v1/assistant',
      'https://user@assistant.example.com/api/v1/assistant',
      'https://:pw@assistant.example.com/',
      'http://sam:secret@127.0.0.1:4010/api/v1/assistant',
      'https://us%40er:p%3Aw@assistant.example.com/',
    ]) {
      expect(refusals(address), address).toEqual([CREDENTIALS_IN_URL_MESSAGE]);
      const signIn = SettingsPatch.safeParse({ signInUrl: address });
      expect(signIn.success, address).toBe(false);
      expect(signIn.error?.issues[0]?.path).toEqual(['signInUrl']);
    }
    // A stored file holding one does not parse either (it is set aside, not used).
    expect(Settings.safeParse({ serviceBaseUrl: 'https://a:b@x.example/api' }).success).toBe(false);
  });

  it('leaves addresses without credentials alone, and says why other addresses are wrong', () => {
    expect(refusals('https://assistant.example.com/api/v1/assistant')).toEqual([]);
    expect(refusals('http://127.0.0.1:4010/api/v1/assistant')).toEqual([]);
    expect(refusals('http://crm.example.com/api')).toEqual([INSECURE_SERVICE_URL_MESSAGE]);
    // Not a URL at all: the format's own message, and no exception out of safeParse.
    expect(refusals('not an address')).toEqual(['Enter an https:// address.']);
  });

  it('is refused by core before anything is sent, without repeating the password', () => {
    let thrown: unknown;
    try {
      normaliseBaseUrl('https://sam:hunter2@assistant.example.com/api/v1/assistant');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AssistantError);
    const error = thrown as AssistantError;
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('must not contain a user name or password');
    expect(error.message).not.toContain('hunter2');
  });
});

describe('a query or a fragment in an address', () => {
  const withSecrets = [
    'https://assistant.example.com/api/v1/assistant?token=S3CRET',
    'https://assistant.example.com/api/v1/assistant?',
    'https://assistant.example.com/api/v1/assistant#access_token=S3CRET',
    'https://assistant.example.com/api/v1/assistant#',
    'http://127.0.0.1:4010/api/v1/assistant?next=a@b',
  ];

  it('is refused with the reason, in the service and the sign-in field alike', () => {
    for (const address of withSecrets) {
      expect(refusals(address), address).toEqual([QUERY_IN_URL_MESSAGE]);
      // The sign-in page needs no query either: the spec defines no sign-in parameter (§5).
      const signIn = SettingsPatch.safeParse({ signInUrl: address });
      expect(signIn.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['signInUrl'], QUERY_IN_URL_MESSAGE],
      ]);
    }
    // One reason at a time, the first that applies: the secret before the query.
    expect(refusals('https://a:b@assistant.example.com/?token=x')).toEqual([
      CREDENTIALS_IN_URL_MESSAGE,
    ]);
  });

  it('is shown beside the field in words of every language the app speaks', () => {
    for (const language of LANGUAGES) {
      const { t } = translatorFor(language);
      const patch = connectionPatch(
        { serviceUrl: ' https://crm.example/api/v1/assistant?token=S3CRET ', signInUrl: '' },
        false,
      );
      const issue = SettingsPatch.safeParse(patch).error?.issues[0];
      expect(issue?.path, language).toEqual(['serviceBaseUrl']);
      const shown = humanIssue(issue!, t);
      expect(shown, language).toBe(t('settings.field.queryInAddress'));
      // Said in the language, not passed through in English (English itself aside).
      if (language !== 'en') expect(shown, language).not.toBe(QUERY_IN_URL_MESSAGE);
      expect(shown, language).toMatch(/\?.*#|#.*\?/);
    }
  });

  it('in the settings file makes it unusable as it stands (set aside, not used)', () => {
    for (const address of withSecrets) {
      expect(Settings.safeParse({ serviceBaseUrl: address }).success, address).toBe(false);
      expect(Settings.safeParse({ signInUrl: address }).success, address).toBe(false);
    }
  });

  it('is refused the same way by every other way in: core, the command line, the sign-in window', () => {
    for (const address of withSecrets) {
      expect(() => normaliseBaseUrl(address), address).toThrow(
        `The service address must not contain a query or a fragment. ${QUERY_IN_URL_MESSAGE}`,
      );
      // --base-url and ASSISTANT_BASE_URL (browser mode's too go through normaliseBaseUrl).
      expect(() => resolveTarget(address, {}), address).toThrow(AssistantError);
      expect(() => resolveTarget(undefined, { ASSISTANT_BASE_URL: address })).toThrow(
        /must not contain a query/,
      );
      expect(checkSignInUrl(address), address).toMatchObject({ ok: false });
    }
    expect(checkSignInUrl('https://login.example.com/sso/start')).toMatchObject({ ok: true });
    expect(normaliseBaseUrl('https://assistant.example.com/api/v1/assistant/')).toBe(
      'https://assistant.example.com/api/v1/assistant',
    );
  });
});

describe('credentials in an address reaching a log or diagnostics anyway', () => {
  const secrets = new SecretRegistry();

  it('are stripped from text, keeping the rest of the address', () => {
    expect(secrets.scrub('GET https://sam:hunter2@assistant.example.com/api/v1/deals failed')).toBe(
      'GET https://[redacted]@assistant.example.com/api/v1/deals failed',
    );
    expect(secrets.scrub('at http://sam@127.0.0.1:4010/ and wss://a:b@c.example')).toBe(
      'at http://[redacted]@127.0.0.1:4010/ and wss://[redacted]@c.example',
    );
    expect(secrets.scrub('odd https://u:p@ss@host.example/x')).toBe(
      'odd https://[redacted]@host.example/x',
    );
    // Not credentials: an email address, an @ in a path or a query.
    const plain =
      'mail sam@example.com about https://host.example/people/@sam?who=a@b and https://host.example';
    expect(secrets.scrub(plain)).toBe(plain);
  });

  it('are not in "Copy diagnostics", nor a query or fragment, even from settings that hold them', () => {
    const settings = Settings.parse({});
    const text = formatDiagnostics(
      {
        app: {
          name: 'Assistant Desktop',
          appVersion: '0.1.0',
          host: 'browser',
          platform: 'linux',
          versions: {},
          service: {
            baseUrl: 'https://sam:hunter2@assistant.example.com/api/v1/assistant?token=S3CRET',
            demo: false,
            pinned: true,
            missing: false,
          },
          notices: [],
          systemLanguages: [],
          desktopCapabilities: {
            tray: { available: false },
            globalShortcut: { available: false },
            notifications: { available: false },
            launchAtLogin: { available: false },
            osFocusMode: { available: false },
            updates: { available: false },
          },
        },
        // As an older version may have stored it, before the schema refused it.
        settings: {
          ...settings,
          signInUrl: 'https://sam:hunter2@login.example.com/?code=S3CRET#id_token=S3CRET',
        },
        session: {
          signedIn: false,
          expired: false,
          storage: 'memory-only',
          canSignInWithWindow: false,
        },
        connectivity: { state: 'online', since: new Date(0).toISOString() },
        errors: [
          {
            at: new Date(0).toISOString(),
            request: 'settings.update',
            error: {
              code: 'invalid_input',
              message: 'Could not reach https://sam:hunter2@assistant.example.com/',
              retryable: false,
            },
          },
        ],
        logFile: undefined,
        dataDir: '/tmp/data',
        liveRuns: 0,
      },
      secrets,
    );
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sam:');
    expect(text).not.toContain('S3CRET');
    expect(text).toContain(
      'Service: https://[redacted]@assistant.example.com/api/v1/assistant?[redacted]\n',
    );
    expect(text).toContain('"https://[redacted]@login.example.com/?[redacted]#[redacted]"');
  });
});
