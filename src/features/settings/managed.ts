// What IT's policies mean for the settings forms: whether a setting is the organisation's (locked,
// or its default), and a patch with the locked settings taken out. Core refuses a whole update
// that names a locked setting, so a form that sends a group (the notification kinds, a draft
// taken before IT's change arrived) must never carry one along.
import type { ManagedSettings, PolicyLevel, SettingsPatch } from '../../../electron/contract';
import { isRecord } from '../../../electron/domain/briefings/fields';

/** How IT set a setting (by its dotted path), or undefined where IT did not. */
export function policyLevel(managed: ManagedSettings, setting: string): PolicyLevel | undefined {
  if ((managed.locked as readonly string[]).includes(setting)) return 'mandatory';
  if ((managed.recommended as readonly string[]).includes(setting)) return 'recommended';
  return undefined;
}

/** `value` without the paths named (relative to it); a group left empty goes too. */
function without(value: Record<string, unknown>, paths: readonly string[], prefix: string) {
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (paths.includes(path)) continue;
    // A setting's value may itself be an object (the CRM domains): only a path that goes on
    // below it is looked into.
    if (isRecord(inner) && paths.some((p) => p.startsWith(`${path}.`))) {
      const rest = without(inner, paths, path);
      if (Object.keys(rest).length > 0) kept[key] = rest;
      continue;
    }
    kept[key] = inner;
  }
  return kept;
}

/** The patch without the settings IT locked: what the host will accept of it. */
export function withoutLocked(patch: SettingsPatch, locked: readonly string[]): SettingsPatch {
  if (locked.length === 0) return patch;
  return without(patch, locked, '') as SettingsPatch;
}

export const isEmptyPatch = (patch: SettingsPatch): boolean => Object.keys(patch).length === 0;
