import { describe, expect, it } from 'vitest';
import { capMarkdown } from '../../../../src/lib/markdown/cap';

const table = (rows: number) =>
  [
    '| Deal | Amount |',
    '| --- | ---: |',
    ...Array.from({ length: rows }, (_, i) => `| D${i} | ${i} |`),
  ].join('\n');

describe('capMarkdown', () => {
  it('cuts a long table to its first rows, keeping its header, and counts them all', () => {
    const capped = capMarkdown(`Closing soon:\n\n${table(635)}\n\nThat is all.`, 8);
    expect(capped?.total).toBe(635);
    const lines = capped?.text.split('\n') ?? [];
    expect(lines.slice(0, 4)).toEqual(['Closing soon:', '', '| Deal | Amount |', '| --- | ---: |']);
    expect(lines.filter((l) => /^\| D\d/.test(l))).toHaveLength(8);
    expect(lines.at(-1)).toBe('That is all.');
  });

  it('cuts a long list, each item with its continued lines', () => {
    const list = Array.from({ length: 12 }, (_, i) => `- item ${i}\n  more about ${i}`).join('\n');
    const capped = capMarkdown(list, 3);
    expect(capped).toEqual({
      text: '- item 0\n  more about 0\n- item 1\n  more about 1\n- item 2\n  more about 2',
      total: 12,
    });
  });

  it('leaves short tables and lists alone', () => {
    expect(capMarkdown(table(8), 8)).toBeUndefined();
    expect(capMarkdown('- a\n- b', 8)).toBeUndefined();
    expect(capMarkdown('Just text | with a bar', 8)).toBeUndefined();
  });
});
