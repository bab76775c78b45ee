// The user's settings on disk: the contract's schema (defaults included, so an older or partial
// file still parses), written atomically, changed by validated partial updates one at a time.
// A corrupt file is set aside (not deleted: support may want it), defaults are used, and the
// caller learns what happened, to tell the user once the language is known (settings choose it).
import {
  NO_MANAGED_SETTINGS,
  Settings,
  type ManagedSettings,
  type SettingsPatch,
} from '../../contract';
import { coreWords } from '../i18n/words';
import type { Logger } from '../logs/logger';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';

export interface SettingsService {
  /** Reads the file; `unreadable` says what happened when it could not be used. */
  load(): Promise<{ unreadable?: UnreadableSettings }>;
  get(): Settings;
  update(patch: SettingsPatch): Promise<Settings>;
  /** Which settings IT's policies govern, and the policy values not applied. */
  managed(): ManagedSettings;
  subscribe(listener: (next: Settings, previous: Settings) => void): () => void;
}

export interface UnreadableSettings {
  reason: string;
  /** Where the unreadable file was moved to. */
  setAsidePath: string;
}

export const DEFAULT_SETTINGS: Settings = Settings.parse({});

/** What the user is told about a settings file that could not be read, in the language in use. */
export function unreadableSettingsNotice(unreadable: UnreadableSettings): string {
  return coreWords().t('desktop.settings.unreadable', {
    reason: unreadable.reason,
    path: unreadable.setAsidePath,
  });
}

/**
 * Applies a partial update: top-level keys replace; `notifications` (its `enabled` too),
 * `transcriptRetention`, `updates` and `companion` merge one level deeper (the companion's
 * `crmDomains` is replaced whole: it is one list).
 */
export function applyPatch(current: Settings, patch: SettingsPatch): Settings {
  const { notifications, transcriptRetention, updates, companion, ...top } = patch;
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
  const next = { ...current, ...defined(top) };
  if (notifications) {
    const { enabled, ...rest } = notifications;
    next.notifications = {
      ...current.notifications,
      ...defined(rest),
      enabled: { ...current.notifications.enabled, ...defined(enabled ?? {}) },
    };
  }
  if (transcriptRetention) {
    next.transcriptRetention = {
      ...current.transcriptRetention,
      ...defined(transcriptRetention),
    };
  }
  if (updates) next.updates = { ...current.updates, ...defined(updates) };
  if (companion) next.companion = { ...current.companion, ...defined(companion) };
  // The merged whole is validated again so no combination slips past the schema.
  return Settings.parse(next);
}

export function createSettingsService(options: { filePath: string; log: Logger }): SettingsService {
  const { filePath, log } = options;
  let current: Settings = DEFAULT_SETTINGS;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(next: Settings, previous: Settings) => void>();

  return {
    async load() {
      const read = await readJsonFile(filePath, Settings);
      if (read.status === 'ok') {
        current = read.value;
        return {};
      }
      current = DEFAULT_SETTINGS;
      if (read.status === 'missing') return {};
      log.warn('Settings file was corrupt: set aside, defaults used', {
        reason: read.reason,
        setAsidePath: read.setAsidePath,
      });
      return { unreadable: { reason: read.reason, setAsidePath: read.setAsidePath } };
    },

    get: () => current,
    managed: () => NO_MANAGED_SETTINGS,

    update(patch) {
      // One update at a time, so two quick changes never write over each other.
      const run = queue.then(async () => {
        const previous = current;
        const next = applyPatch(previous, patch);
        await writeJsonFileAtomic(filePath, next);
        current = next;
        for (const listener of [...listeners]) {
          try {
            listener(next, previous);
          } catch (error) {
            log.error('A settings listener failed', { error });
          }
        }
        return next;
      });
      queue = run.catch(() => undefined);
      return run;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
