// Colours, only for a terminal that wants them: never when the stream is not a TTY, when NO_COLOR
// is set (https://no-color.org), when TERM is "dumb", or with --no-color. Styling is applied after
// padding, so escape codes never count towards a column's width.

export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

const wrap =
  (enabled: boolean, open: number, close: number) =>
  (text: string): string =>
    enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export function createStyle(enabled: boolean): Style {
  return {
    enabled,
    bold: wrap(enabled, 1, 22),
    dim: wrap(enabled, 2, 22),
    red: wrap(enabled, 31, 39),
    yellow: wrap(enabled, 33, 39),
    green: wrap(enabled, 32, 39),
    cyan: wrap(enabled, 36, 39),
  };
}

export const plain: Style = createStyle(false);

export function colourWanted(
  isTTY: boolean | undefined,
  env: Readonly<Record<string, string | undefined>>,
  noColorFlag: boolean,
): boolean {
  if (noColorFlag || isTTY !== true) return false;
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return env.TERM !== 'dumb';
}
