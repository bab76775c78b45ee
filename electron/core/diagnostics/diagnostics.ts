// "Copy diagnostics": what IT needs to help (versions, where things are, settings, the last
// errors with request ids) and nothing they must not see (no token, no message contents).
import type {
  AppInfo,
  Connectivity,
  ErrorData,
  ManagedSettings,
  SessionStatus,
  Settings,
} from '../../contract';
import type { SecretRegistry } from '../logs/redact';
import { addressForLog } from '../redact';

export interface ErrorRecord {
  at: string;
  request: string;
  error: ErrorData;
}

export interface ErrorJournal {
  record(request: string, error: ErrorData): void;
  recent(): ErrorRecord[];
}

/** The last `limit` failed requests, newest last. */
export function createErrorJournal(limit = 20, now: () => Date = () => new Date()): ErrorJournal {
  const entries: ErrorRecord[] = [];
  return {
    record(request, error) {
      entries.push({ at: now().toISOString(), request, error });
      if (entries.length > limit) entries.splice(0, entries.length - limit);
    },
    recent: () => [...entries],
  };
}

export interface DiagnosticsInput {
  app: AppInfo;
  settings: Settings;
  /** Which settings IT's policies set, and the policy values not applied. */
  managed?: ManagedSettings;
  session: SessionStatus;
  connectivity: Connectivity;
  errors: ErrorRecord[];
  logFile: string | undefined;
  dataDir: string;
  liveRuns: number;
}

export function formatDiagnostics(input: DiagnosticsInput, secrets: SecretRegistry): string {
  const lines: string[] = [
    `${input.app.name} ${input.app.appVersion} (${input.app.host}, ${input.app.platform})`,
    `Generated: ${new Date().toISOString()}`,
    '',
    'Versions:',
    ...Object.entries(input.app.versions).map(([name, version]) => `  ${name}: ${version}`),
    '',
    `Service: ${addressForLog(input.app.service.baseUrl)}${input.app.service.demo ? ' (embedded demo service)' : ''}`,
    `Connectivity: ${input.connectivity.state} since ${input.connectivity.since}`,
    `Session: ${input.session.signedIn ? 'signed in' : input.session.expired ? 'expired' : 'signed out'}, stored ${input.session.storage}${input.session.storageReason ? ` (${input.session.storageReason})` : ''}`,
    `Live runs: ${input.liveRuns}`,
    `Data directory: ${input.dataDir}`,
    `Log file: ${input.logFile ?? '(none)'}`,
    '',
    'Settings:',
    ...JSON.stringify(settingsForIt(input.settings), null, 2)
      .split('\n')
      .map((line) => `  ${line}`),
    '',
    ...policyLines(input.managed),
    `Recent errors (${input.errors.length}):`,
    ...(input.errors.length === 0
      ? ['  none']
      : input.errors.map(
          ({ at, request, error }) =>
            `  ${at} ${request}: ${error.code}${error.status !== undefined ? ` HTTP ${error.status}` : ''}${error.requestId ? ` request ${error.requestId}` : ''} - ${error.message}`,
        )),
    '',
  ];
  // Settings hold no secret today; scrubbing anyway keeps a future field from leaking one.
  return secrets.scrub(lines.join('\n'));
}

/** IT's policies as the app applied them: what IT checks first when a computer ignores one. */
function policyLines(managed: ManagedSettings | undefined): string[] {
  if (!managed) return [];
  const { locked, recommended, problems } = managed;
  if (locked.length + recommended.length + problems.length === 0) return ['Policies: none', ''];
  return [
    'Policies:',
    `  locked: ${locked.join(', ') || 'none'}`,
    `  defaults: ${recommended.join(', ') || 'none'}`,
    ...problems.map(
      ({ policy, source, level, reason }) =>
        `  not applied: ${policy} (${source}, ${level}): ${reason}`,
    ),
    '',
  ];
}

/** The settings as IT sees them: the addresses without user info, query or fragment. */
function settingsForIt(settings: Settings): Settings {
  const address = (value: string | null): string | null =>
    value === null ? null : addressForLog(value);
  return {
    ...settings,
    serviceBaseUrl: address(settings.serviceBaseUrl),
    signInUrl: address(settings.signInUrl),
  };
}
