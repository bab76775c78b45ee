// The user's settings on disk: the contract's schema (defaults included, so an older or partial
// file still parses), written atomically, changed by validated partial updates one at a time.
// What the app uses is the user's settings with IT's policies over them (policy/): a locked
// setting cannot be updated, and the file keeps only the user's own values.
// A corrupt file is set aside (not deleted: support may want it), defaults are used, and the
// caller learns what happened, to tell the user once the language is known (settings choose it).
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { Settings, type ManagedSettings, type SettingsPatch } from '../../contract';
import { AssistantError } from '../errors';
import {
  applyPolicies,
  choicesDifferingFrom,
  choicesIn,
  managedSettings,
  withoutLocked,
} from '../policy/apply-policies';
import { NO_POLICIES, type ResolvedPolicies } from '../policy/resolve-policies';
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
  /** IT's policies as now read: applied at once, the user's own settings kept beneath them. */
  setPolicies(policies: ResolvedPolicies): void;
  subscribeManaged(listener: (managed: ManagedSettings) => void): () => void;
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
 * `transcriptRetention`, `updates`, `companion` and `autoPrep` merge one level deeper (the companion's
 * `crmDomains` is replaced whole: it is one list).
 */
export function applyPatch(current: Settings, patch: SettingsPatch): Settings {
  const { notifications, transcriptRetention, updates, companion, autoPrep, ...top } = patch;
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
  if (autoPrep) next.autoPrep = { ...current.autoPrep, ...defined(autoPrep) };
  // The merged whole is validated again so no combination slips past the schema.
  return Settings.parse(next);
}

/**
 * The file: the user's own settings, and which governed settings the user chose (so IT's
 * defaults apply to the others). A file from before the choices were kept has no list.
 */
const SettingsFile = Settings.extend({
  chosenByUser: z.array(z.string().max(100)).max(100).optional(),
});

export function createSettingsService(options: { filePath: string; log: Logger }): SettingsService {
  const { filePath, log } = options;
  /** The user's own settings, as stored. */
  let user: Settings = DEFAULT_SETTINGS;
  let chosen = new Set<string>();
  let policies: ResolvedPolicies = NO_POLICIES;
  /** What is in effect: the user's with IT's policies over them. */
  let current: Settings = DEFAULT_SETTINGS;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(next: Settings, previous: Settings) => void>();
  const managedListeners = new Set<(managed: ManagedSettings) => void>();

  const tell = <A extends unknown[]>(set: Set<(...args: A) => void>, ...args: A) => {
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch (error) {
        log.error('A settings listener failed', { error });
      }
    }
  };
  const recompute = () => {
    const previous = current;
    current = applyPolicies(user, policies, chosen);
    if (!isDeepStrictEqual(previous, current)) tell(listeners, current, previous);
  };

  return {
    async load() {
      const read = await readJsonFile(filePath, SettingsFile);
      if (read.status === 'ok') {
        const { chosenByUser, ...stored } = read.value;
        user = stored;
        chosen = new Set(chosenByUser ?? choicesDifferingFrom(stored, DEFAULT_SETTINGS));
        current = applyPolicies(user, policies, chosen);
        return {};
      }
      user = DEFAULT_SETTINGS;
      chosen = new Set();
      current = applyPolicies(user, policies, chosen);
      if (read.status === 'missing') return {};
      log.warn('Settings file was corrupt: set aside, defaults used', {
        reason: read.reason,
        setAsidePath: read.setAsidePath,
      });
      return { unreadable: { reason: read.reason, setAsidePath: read.setAsidePath } };
    },

    get: () => current,
    managed: () => managedSettings(policies),

    setPolicies(next) {
      const before = managedSettings(policies);
      policies = next;
      const after = managedSettings(policies);
      recompute();
      if (!isDeepStrictEqual(before, after)) tell(managedListeners, after);
    },

    update(patch) {
      // One update at a time, so two quick changes never write over each other.
      const run = queue.then(async () => {
        const checked = withoutLocked(patch, policies);
        if (!checked.ok) {
          throw new AssistantError({
            kind: 'invalid_input',
            code: 'locked',
            field: checked.settings[0],
            message: coreWords().t('errors.settings.locked'),
          });
        }
        const nextUser = applyPatch(user, checked.patch);
        const nextChosen = new Set([...chosen, ...choicesIn(checked.patch, current)]);
        await writeJsonFileAtomic(filePath, { ...nextUser, chosenByUser: [...nextChosen] });
        user = nextUser;
        chosen = nextChosen;
        recompute();
        return current;
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

    subscribeManaged(listener) {
      managedListeners.add(listener);
      return () => {
        managedListeners.delete(listener);
      };
    },
  };
}
