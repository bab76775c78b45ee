// A message whose placeholders hold data (a deal's or an agent's name) rendered with each value
// isolated in <bdi>: a Latin deal name reads right inside Arabic words, an Arabic one inside
// English, and neither reorders the punctuation around it.
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../platform/i18n';

// Private-use characters mark where each value goes; no message or name carries them.
const MARK = /\uE000(\d+)\uE001/;

export function Sentence({
  id,
  values,
}: {
  id: MessageId;
  values: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const names = Object.keys(values);
  const marked = t(id, Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])));
  // split() with a capturing group: text at even indices, a value's number at odd ones.
  const parts = marked.split(MARK);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? part : <bdi key={i}>{values[names[Number(part)] ?? ''] ?? ''}</bdi>,
      )}
    </>
  );
}
