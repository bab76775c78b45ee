// The global shortcut (Settings: "Bring the app forward on the deal picker") as decisions and
// outcomes: what the shell must register or release when the setting changes, and what Settings
// tells the user about the result. Registering itself is electron/main/global-shortcut.ts.
import type { Capability } from '../../contract';
import { coreWords } from '../i18n/words';
import { checkAccelerator, displayAccelerator } from '../../domain/shortcuts/accelerator';
import type { LinuxSession } from './linux-session';

/** What happened to the shortcut the settings ask for. */
export type ShortcutState =
  | { status: 'off' }
  | { status: 'registered'; accelerator: string }
  /** The OS or another app holds it (Electron's register() answered false). */
  | { status: 'refused'; accelerator: string }
  /** register() threw, or the setting is not a shortcut Electron takes. */
  | { status: 'failed'; accelerator: string; message: string };

export interface ShortcutPlan {
  /** Release this accelerator first (the one registered before), if any. */
  release?: string;
  /** Then register this one (canonical form), if any. */
  register?: string;
  /** The state to report when nothing needs doing, or when the setting is invalid. */
  state?: ShortcutState;
}

/**
 * From the registered accelerator (if any) and the setting, what to do. Registering the same
 * accelerator again is skipped: Electron would refuse our own registration as "taken".
 */
export function planShortcut(current: ShortcutState, wanted: string | null): ShortcutPlan {
  const held = current.status === 'registered' ? current.accelerator : undefined;
  if (wanted === null)
    return held === undefined
      ? { state: { status: 'off' } }
      : { release: held, state: { status: 'off' } };
  const checked = checkAccelerator(wanted);
  if (!checked.ok) {
    return {
      ...(held === undefined ? {} : { release: held }),
      state: { status: 'failed', accelerator: wanted, message: checked.message },
    };
  }
  if (held === checked.accelerator) return { state: current };
  return { ...(held === undefined ? {} : { release: held }), register: checked.accelerator };
}

/** What Settings says about the global shortcut. */
export function shortcutCapability(
  state: ShortcutState,
  facts: { platform: string; linuxSession?: LinuxSession },
): Capability {
  const wayland = facts.platform === 'linux' && facts.linuxSession === 'wayland';
  const { t } = coreWords();
  switch (state.status) {
    case 'off':
      return { available: true, reason: t('desktop.capability.shortcutOff') };
    case 'registered': {
      const keys = displayAccelerator(state.accelerator, facts.platform);
      if (wayland) {
        return {
          available: true,
          reason: t('desktop.capability.shortcutWaylandAccepted', { keys }),
        };
      }
      return { available: true, reason: t('desktop.capability.shortcutReady', { keys }) };
    }
    case 'refused': {
      const keys = displayAccelerator(state.accelerator, facts.platform);
      if (wayland) {
        return {
          available: false,
          reason: t('desktop.capability.shortcutWaylandRefused', { keys }),
        };
      }
      return {
        available: false,
        reason: t('desktop.capability.shortcutTaken', { keys }),
      };
    }
    case 'failed':
      return {
        available: false,
        reason: t('desktop.capability.shortcutFailed', { reason: state.message }),
      };
  }
}
