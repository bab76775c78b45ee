// IT's policies over the user's own settings: a locked value always wins; IT's default wins until
// the user has chosen a value of their own for that setting. The user's settings file keeps only
// the user's choices, so a policy taken away gives them back.
import { isDeepStrictEqual } from 'node:util';
import {
  POLICY_SETTINGS,
  Settings,
  type ManagedSettings,
  type PolicySetting,
  type SettingsPatch,
} from '../../contract';
import { isPlainRecord } from './raw-policies';
import type { ResolvedPolicies } from './resolve-policies';

/** The value at a dotted setting path, or undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isPlainRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `value` with `path` set (objects on the way are copied, never shared). */
function withValueAt<T>(value: T, path: string, next: unknown): T {
  const keys = path.split('.');
  const root: Record<string, unknown> = isPlainRecord(value) ? { ...value } : {};
  let current = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      current[key] = next;
      return;
    }
    const child = current[key];
    const copy: Record<string, unknown> = isPlainRecord(child) ? { ...child } : {};
    current[key] = copy;
    current = copy;
  });
  return root as T;
}

/** A copy of `value` without `path` (parents left empty stay, as a patch allows). */
function withoutValueAt<T>(value: T, path: string): T {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = valueAt(value, keys.join('.'));
  if (keys.length > 0 && !isPlainRecord(parent)) return value;
  if (keys.length === 0) {
    const { [last]: _dropped, ...rest } = value as Record<string, unknown>;
    return rest as T;
  }
  const { [last]: _dropped, ...rest } = parent as Record<string, unknown>;
  return withValueAt(value, keys.join('.'), rest);
}

/** The settings in effect: the user's, then IT's defaults where the user chose nothing, then IT's locks. */
export function applyPolicies(
  user: Settings,
  policies: ResolvedPolicies,
  chosen: ReadonlySet<string>,
): Settings {
  let next: Settings = user;
  for (const [setting, value] of policies.recommended) {
    if (!chosen.has(setting)) next = withValueAt(next, setting, value);
  }
  for (const [setting, value] of policies.locked) next = withValueAt(next, setting, value);
  // Each value passed its own schema; the whole is checked once more, as applyPatch does.
  return Settings.parse(next);
}

export function managedSettings(policies: ResolvedPolicies): ManagedSettings {
  return {
    locked: [...policies.locked.keys()],
    recommended: [...policies.recommended.keys()],
    problems: policies.problems,
  };
}

export type LockedCheck =
  { ok: true; patch: SettingsPatch } | { ok: false; settings: PolicySetting[] };

/**
 * A patch with the locked settings it repeats unchanged taken out (a form sends its whole
 * section), or the locked settings it would change.
 */
export function withoutLocked(patch: SettingsPatch, policies: ResolvedPolicies): LockedCheck {
  let next = patch;
  const refused: PolicySetting[] = [];
  for (const [setting, value] of policies.locked) {
    const asked = valueAt(patch, setting);
    if (asked === undefined) continue;
    if (isDeepStrictEqual(asked, value)) next = withoutValueAt(next, setting);
    else refused.push(setting);
  }
  return refused.length === 0 ? { ok: true, patch: next } : { ok: false, settings: refused };
}

/** The policy-governed settings a patch sets to something other than what is in effect. */
export function choicesIn(patch: SettingsPatch, effective: Settings): PolicySetting[] {
  return POLICY_SETTINGS.filter((setting) => {
    const asked = valueAt(patch, setting);
    return asked !== undefined && !isDeepStrictEqual(asked, valueAt(effective, setting));
  });
}

/**
 * For a settings file written before choices were recorded: the governed settings whose stored
 * value is not the default were the user's choice.
 */
export function choicesDifferingFrom(user: Settings, defaults: Settings): PolicySetting[] {
  return POLICY_SETTINGS.filter(
    (setting) => !isDeepStrictEqual(valueAt(user, setting), valueAt(defaults, setting)),
  );
}
