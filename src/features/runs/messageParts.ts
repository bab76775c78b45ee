// A message whose placeholders hold data (a deal's or an agent's name), in parts: its words, and
// each value apart, for the screen to isolate (<bdi>) so a Latin deal name reads right inside
// Arabic words, an Arabic one inside English, and neither reorders the punctuation around it.
import type { MessageId } from '../../../electron/domain/i18n/messages';
import type { Translator } from '../../../electron/domain/i18n/translator';

export type MessagePart = string | { value: string };

// Private-use characters mark where each value goes; no message or name carries them.
const MARK = /\uE000(\d+)\uE001/;

/** The message's words and values, in the order the language puts them. */
export function messageParts(
  t: Translator['t'],
  id: MessageId,
  values: Readonly<Record<string, string>>,
): MessagePart[] {
  const names = Object.keys(values);
  const marked = t(id, Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])));
  // split() with a capturing group: words at even indices, a value's number at odd ones.
  return marked
    .split(MARK)
    .map((part, i) => (i % 2 === 0 ? part : { value: values[names[Number(part)] ?? ''] ?? '' }))
    .filter((part) => part !== '');
}
