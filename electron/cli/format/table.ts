// Plain aligned columns, like `ls -l` or `kubectl get`: a header line, then one line per row.
// On a terminal of known width the flexible column is shortened so lines do not wrap; elsewhere
// (a pipe, a file) nothing is cut.
import { displayWidth, oneLine, padEnd, padStart, truncate } from './text';
import type { Style } from './style';

export interface Column<Row> {
  header: string;
  value(row: Row): string;
  align?: 'left' | 'right';
  /** The column that gives up width when the line would not fit (at most one). */
  flexible?: boolean;
  /** Colour for a cell, applied after padding. */
  paint?(text: string, row: Row, style: Style): string;
}

export interface TableOptions {
  style: Style;
  /** Terminal width; undefined means never shorten. */
  maxWidth?: number;
}

const GAP = '  ';
const MIN_FLEXIBLE = 12;

export function renderTable<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  options: TableOptions,
): string {
  const cells = rows.map((row) => columns.map((column) => oneLine(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...cells.map((line) => displayWidth(line[i] ?? ''))),
  );
  const flexibleIndex = columns.findIndex((column) => column.flexible === true);
  if (options.maxWidth !== undefined && flexibleIndex >= 0) {
    const total = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (columns.length - 1);
    const over = total - options.maxWidth;
    const current = widths[flexibleIndex] ?? 0;
    if (over > 0) widths[flexibleIndex] = Math.max(MIN_FLEXIBLE, current - over);
  }
  const last = columns.length - 1;
  const line = (values: readonly string[], paint: (text: string, i: number) => string): string =>
    columns
      .map((column, i) => {
        const width = widths[i] ?? 0;
        const text = truncate(values[i] ?? '', width);
        const padded =
          column.align === 'right'
            ? padStart(text, width)
            : i === last
              ? text
              : padEnd(text, width);
        return paint(padded, i);
      })
      .join(GAP)
      .trimEnd();

  const header = line(
    columns.map((column) => column.header),
    (text) => options.style.bold(text),
  );
  const body = cells.map((values, r) =>
    line(values, (text, i) => {
      const column = columns[i];
      const row = rows[r];
      return column?.paint && row !== undefined ? column.paint(text, row, options.style) : text;
    }),
  );
  return `${[header, ...body].join('\n')}\n`;
}
