// dialog.showMessageBox, as far as the app uses it: a message box the journey answers by pressing
// one of its buttons or closing it, optionally parented to a window, closed by its AbortSignal.
// https://www.electronjs.org/docs/latest/api/dialog#dialogshowmessageboxwindow-options
// Any other dialog function, or an option the double does not model, throws.

import type { Launch } from './context';
import { strict, unsupported } from './unsupported';

const TYPES = new Set(['none', 'info', 'error', 'question', 'warning']);
const MODELLED = new Set([
  'message',
  'type',
  'buttons',
  'defaultId',
  'cancelId',
  'title',
  'detail',
  'noLink',
  'signal',
]);

export interface MessageBoxOptions {
  message: string;
  type?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
  title?: string;
  detail?: string;
  noLink?: boolean;
  signal?: AbortSignal;
}

export interface ShownMessageBox {
  /** The window it is parented to (modal to it), or undefined. */
  readonly parent: unknown;
  readonly options: Readonly<MessageBoxOptions>;
  /** Whether it was answered, closed or aborted. */
  readonly settled: boolean;
  /** The user presses the button at `index`. */
  press(index: number): void;
  /** The user closes it (Escape, or the window's close button): the cancel button answers. */
  close(): void;
}

function checkOptions(options: unknown): MessageBoxOptions {
  if (typeof options !== 'object' || options === null) unsupported('dialog.showMessageBox()');
  for (const key of Object.keys(options)) {
    if (!MODELLED.has(key)) unsupported(`dialog.showMessageBox option ${key}`);
  }
  const o = options as MessageBoxOptions;
  if (typeof o.message !== 'string') throw new TypeError('message must be a string');
  if (o.type !== undefined && !TYPES.has(o.type)) throw new TypeError(`type ${o.type}`);
  const count = o.buttons?.length ?? 0;
  if (o.buttons !== undefined && !o.buttons.every((b) => typeof b === 'string'))
    throw new TypeError('buttons must be strings');
  for (const id of [o.defaultId, o.cancelId]) {
    if (id !== undefined && (!Number.isInteger(id) || id < 0 || id >= Math.max(count, 1)))
      unsupported(`dialog.showMessageBox with a button index ${id} of ${count} buttons`);
  }
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw new TypeError('signal must be an AbortSignal');
  return o;
}

/**
 * Electron's answer to a closed box: cancelId, else the first button labelled "cancel" or "no",
 * else 0.
 */
function cancelAnswer(options: MessageBoxOptions): number {
  if (options.cancelId !== undefined) return options.cancelId;
  const found = (options.buttons ?? []).findIndex((b) => /^(cancel|no)$/i.test(b.trim()));
  return found === -1 ? 0 : found;
}

export function createDialog(launch: Launch, isWindow: (value: unknown) => boolean) {
  const shown: ShownMessageBox[] = [];
  const waiting = new Set<() => void>();

  function showMessageBox(
    ...args: unknown[]
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    launch.requireReady('dialog.showMessageBox');
    const [parent, raw] = args.length >= 2 ? args : [undefined, args[0]];
    if (parent !== undefined && !isWindow(parent))
      unsupported('dialog.showMessageBox with a parent that is not a BrowserWindow');
    const options = checkOptions(raw);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (response: number) => {
        if (settled) return;
        settled = true;
        resolve({ response, checkboxChecked: false });
      };
      const box: ShownMessageBox = {
        parent,
        options,
        get settled() {
          return settled;
        },
        press(index) {
          if (settled) throw new Error('That message box is gone');
          if (
            !Number.isInteger(index) ||
            index < 0 ||
            index >= Math.max(options.buttons?.length ?? 0, 1)
          )
            throw new Error(`No button ${index}`);
          settle(index);
        },
        close() {
          if (settled) throw new Error('That message box is gone');
          settle(cancelAnswer(options));
        },
      };
      // macOS: the signal does not close a box that has no parent window.
      const abortable = !(launch.options.platform === 'darwin' && parent === undefined);
      if (options.signal !== undefined && abortable) {
        if (options.signal.aborted) settle(cancelAnswer(options));
        else options.signal.addEventListener('abort', () => settle(cancelAnswer(options)));
      }
      shown.push(box);
      for (const wake of [...waiting]) wake();
    });
  }

  return {
    dialog: strict('dialog', { showMessageBox }),
    messageBoxes: {
      shown,
      /** The first message box still open, shown now or later. */
      next(timeoutMs = 30_000): Promise<ShownMessageBox> {
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(check);
            reject(new Error(`No message box within ${timeoutMs} ms`));
          }, timeoutMs);
          function check() {
            const open = shown.find((box) => !box.settled);
            if (open === undefined) return;
            clearTimeout(timer);
            waiting.delete(check);
            resolve(open);
          }
          waiting.add(check);
          check();
        });
      },
    },
  };
}
