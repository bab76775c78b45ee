// Global keyboard shortcuts as Electron writes them ("CommandOrControl+Shift+A"): checked here so
// Settings can explain a typo next to the field and the host never registers something Electron
// would refuse. Runtime-neutral: the renderer and the hosts share it, and the settings schema
// (contract/settings.ts) refuses with the same check.

/** Modifier names Electron accepts, by lower-case spelling, with the one we write. */
const MODIFIERS: Readonly<Record<string, string>> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
] as const;
const NAMED_BY_LOWER = new Map(NAMED_KEYS.map((key) => [key.toLowerCase(), key]));
/** Single characters Electron maps to a key (on the US layout), besides letters and digits. */
const PUNCTUATION = new Set([...'`~!@#$%^&*()-_=[]{}\\|;:\'",.<>/?']);

/** The key part written the way Electron documents it, or undefined when it is not a key. */
function canonicalKey(token: string): string | undefined {
  if (/^[a-z0-9]$/i.test(token)) return token.toUpperCase();
  if (token.length === 1 && PUNCTUATION.has(token)) return token;
  const fKey = /^f([1-9]|1\d|2[0-4])$/i.exec(token);
  if (fKey) return `F${fKey[1]}`;
  const numpad = /^num([0-9])$/i.exec(token);
  if (numpad) return `num${numpad[1]}`;
  return NAMED_BY_LOWER.get(token.toLowerCase());
}

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; message: string };

/**
 * Checks a global shortcut and writes it canonically ("ctrl+shift+a" → "Control+Shift+A").
 * A global shortcut needs a modifier other than Shift: a bare key or Shift+key would take a
 * character away from every other app's typing.
 */
export function checkAccelerator(value: string): AcceleratorCheck {
  const text = value.trim();
  if (text === '')
    return { ok: false, message: 'Enter a shortcut such as CommandOrControl+Shift+A.' };
  // "+" itself is written "Plus", so splitting on "+" never cuts a key in two.
  const tokens = text.split('+').map((part) => part.trim());
  if (tokens.some((part) => part === '')) {
    return {
      ok: false,
      message: 'Join the keys with “+”, e.g. CommandOrControl+Shift+A (write “Plus” for +).',
    };
  }
  const key = tokens.pop() as string;
  const modifiers: string[] = [];
  for (const token of tokens) {
    const modifier = MODIFIERS[token.toLowerCase()];
    if (modifier === undefined) {
      return {
        ok: false,
        message: `“${token}” is not a modifier: use Ctrl, Alt, Shift, Cmd, CommandOrControl or Super.`,
      };
    }
    if (modifiers.includes(modifier)) return { ok: false, message: `“${token}” appears twice.` };
    modifiers.push(modifier);
  }
  if (MODIFIERS[key.toLowerCase()] !== undefined) {
    return { ok: false, message: 'End the shortcut with a key, e.g. CommandOrControl+Shift+A.' };
  }
  const canonical = canonicalKey(key);
  if (canonical === undefined)
    return { ok: false, message: `“${key}” is not a key Electron knows.` };
  if (!modifiers.some((modifier) => modifier !== 'Shift')) {
    return {
      ok: false,
      message:
        'Add Ctrl, Alt, Cmd or Super: without one the shortcut would take a key away from typing.',
    };
  }
  return { ok: true, accelerator: [...modifiers, canonical].join('+') };
}

/** "CommandOrControl+Shift+A" as people on this OS write it: "Ctrl+Shift+A", "⌘⇧A". */
export function displayAccelerator(accelerator: string, platform: string): string {
  const mac = platform === 'darwin';
  const names: Record<string, string> = mac
    ? {
        CommandOrControl: '⌘',
        Command: '⌘',
        Control: '⌃',
        Alt: '⌥',
        AltGr: '⌥',
        Shift: '⇧',
        Super: '⌘',
      }
    : {
        CommandOrControl: 'Ctrl',
        Command: 'Super',
        Control: 'Ctrl',
        Alt: 'Alt',
        AltGr: 'AltGr',
        Shift: 'Shift',
        Super: 'Super',
      };
  const checked = checkAccelerator(accelerator);
  const canonical = checked.ok ? checked.accelerator : accelerator;
  const parts = canonical.split('+').map((part) => names[part] ?? part);
  return mac ? parts.join('') : parts.join('+');
}
