// Records a global shortcut from a key press in Settings: the keys held, written the way Electron
// reads accelerators ("CommandOrControl+Shift+A"), so nobody has to know the syntax. No DOM here:
// the caller passes the event's fields.
import { checkAccelerator } from '../../electron/domain/shortcuts/accelerator';

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const CODE_KEYS: Readonly<Record<string, string>> = {
  Space: 'Space',
  Tab: 'Tab',
  Enter: 'Return',
  NumpadEnter: 'Return',
  Escape: 'Escape',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  NumpadDecimal: 'numdec',
};

/** The key by its position (`code`), so Shift or the layout does not change what is recorded. */
function keyOf(code: string): string | undefined {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1];
  const digit = /^Digit([0-9])$/.exec(code);
  if (digit) return digit[1];
  const numpad = /^Numpad([0-9])$/.exec(code);
  if (numpad) return `num${numpad[1]}`;
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  return CODE_KEYS[code];
}

/**
 * The accelerator for a key press, or undefined while only modifiers are held or the press is
 * not a usable global shortcut (no Ctrl, Alt, Cmd or Super). On a Mac Cmd is CommandOrControl;
 * elsewhere Ctrl is, so the same setting works on every OS.
 */
export function acceleratorFromKeyPress(press: KeyPress, mac: boolean): string | undefined {
  const key = keyOf(press.code);
  if (key === undefined) return undefined;
  const modifiers: string[] = [];
  if (mac) {
    if (press.metaKey) modifiers.push('CommandOrControl');
    if (press.ctrlKey) modifiers.push('Control');
  } else {
    if (press.ctrlKey) modifiers.push('CommandOrControl');
    if (press.metaKey) modifiers.push('Super');
  }
  if (press.altKey) modifiers.push('Alt');
  if (press.shiftKey) modifiers.push('Shift');
  const checked = checkAccelerator([...modifiers, key].join('+'));
  return checked.ok ? checked.accelerator : undefined;
}
