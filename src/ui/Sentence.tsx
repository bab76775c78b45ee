// A sentence in the interface language with names inside it (a deal's, an agent's, people's),
// each isolated (<bdi>): an Arabic name inside English words, or a Latin one inside Arabic, keeps
// its own order and leaves the sentence's punctuation where it belongs.
import type { MessageId } from '../../electron/domain/i18n/messages';
import { isolatedValues } from './richMessage';
import { useRichT } from './richText';

export function Sentence({
  id,
  values,
}: {
  id: MessageId;
  values: Readonly<Record<string, string>>;
}) {
  const rich = useRichT();
  return <>{rich(id, isolatedValues(values))}</>;
}
