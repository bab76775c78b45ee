// A sentence in the interface language with data inside it, each value isolated in <bdi>
// (./messageParts).
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../platform/i18n';
import { messageParts } from './messageParts';

export function Sentence({
  id,
  values,
}: {
  id: MessageId;
  values: Readonly<Record<string, string>>;
}) {
  const t = useT();
  return (
    <>
      {messageParts(t, id, values).map((part, i) =>
        typeof part === 'string' ? part : <bdi key={i}>{part.value}</bdi>,
      )}
    </>
  );
}
