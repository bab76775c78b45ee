// The catalogues stay whole: every language has every English message and no other, each one
// is valid ICU MessageFormat with the same placeholders as English, each plural reads for the
// counts that pick different forms across languages, and every message is used by the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import { LANGUAGES } from '../../../../electron/domain/i18n/languages';
import { createTranslator } from '../../../../electron/domain/i18n/translator';
import type { MessageId } from '../../../../electron/domain/i18n/messages';

const ROOT = join(import.meta.dirname, '../../../..');
const LOCALES = join(ROOT, 'electron/domain/i18n/locales');
const english = CATALOGUES.en;
const ids = Object.keys(english) as MessageId[];

function areaFiles(language: string): Record<string, Record<string, string>> {
  const folder = join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, string>,
      ]),
  );
}

/** The placeholders a message takes, by name (`{count}`, `{at, date}`, `{n, plural, …}`). */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

/** The placeholders that stand for numbers: plurals and `{n, number}`. */
function numbersOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) numbersOf(option.value, found);
    }
    if (element.type === TYPE.tag) numbersOf(element.children, found);
  }
  return found;
}

const CJK = '[\\u3040-\\u30ff\\u3400-\\u9fff]';
/** A count set apart from its counter ("残り3 日", "未読 4 件"), which also lets a line break there. */
const SPACED_COUNT = new RegExp(`\\d[ \\u00a0]+${CJK}|${CJK}[ \\u00a0]+\\d`, 'u');

function hasPlural(elements: MessageFormatElement[]): boolean {
  return elements.some(
    (element) =>
      element.type === TYPE.plural ||
      (element.type === TYPE.select &&
        Object.values(element.options).some((option) => hasPlural(option.value))) ||
      (element.type === TYPE.tag && hasPlural(element.children)),
  );
}

describe('every language', () => {
  const englishAreas = areaFiles('en');

  it('keeps each area in its own file, its ids named after it', () => {
    for (const [area, messages] of Object.entries(englishAreas)) {
      for (const id of Object.keys(messages)) expect(id.startsWith(`${area}.`), id).toBe(true);
    }
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const areas = areaFiles(language);

      it('has exactly the English messages, area by area, none empty', () => {
        expect(Object.keys(areas).sort()).toEqual(Object.keys(englishAreas).sort());
        for (const [area, messages] of Object.entries(englishAreas)) {
          expect(Object.keys(areas[area] ?? {}).sort(), area).toEqual(Object.keys(messages).sort());
        }
        for (const id of ids) expect(CATALOGUES[language][id].trim(), id).not.toBe('');
      });

      it('writes valid ICU messages with the English placeholders', () => {
        for (const id of ids) {
          const source = CATALOGUES[language][id];
          const parsed = parse(source);
          expect([...argumentsOf(parsed)].sort(), `${language} ${id}`).toEqual(
            [...argumentsOf(parse(english[id]))].sort(),
          );
        }
      });

      it('reads every plural for 0, 1, 2, 5, 21 and 101', () => {
        const translator = createTranslator({
          language,
          messages: CATALOGUES[language],
          fallback: english,
          onError: (error) => {
            throw error;
          },
        });
        for (const id of ids.filter((id) => hasPlural(parse(english[id])))) {
          const names = [...argumentsOf(parse(english[id]))];
          for (const count of [0, 1, 2, 5, 21, 101]) {
            const values = Object.fromEntries(names.map((name) => [name, count]));
            expect(translator.t(id, values).trim(), `${language} ${id} ${count}`).not.toBe('');
          }
        }
      });

      it.runIf(language === 'ja' || language === 'zh-CN')(
        'sets each count against its counter, with no space between',
        () => {
          const translator = createTranslator({
            language,
            messages: CATALOGUES[language],
            fallback: english,
          });
          const spaced: string[] = [];
          for (const id of ids) {
            const elements = parse(english[id]);
            const numbers = numbersOf(elements);
            if (numbers.size === 0) continue;
            const values = Object.fromEntries(
              [...argumentsOf(elements)].map((name) => [name, numbers.has(name) ? 5 : 'X']),
            );
            const text = translator.t(id, values);
            if (SPACED_COUNT.test(text)) spaced.push(`${id}: ${text}`);
          }
          expect(spaced).toEqual([]);
        },
      );
    });
  }
});

describe('the code', () => {
  function sources(folder: string): string[] {
    return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !path.includes(`${join('i18n', 'locales')}`));
  }

  it('uses every message, by its id written whole (no ids pieced together)', () => {
    const code = [...sources('src'), ...sources('electron'), ...sources('extension')]
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unused = ids.filter(
      (id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`) && !code.includes(`\`${id}\``),
    );
    expect(unused).toEqual([]);
  });
});
