// A sentence with names in it, each name isolated (<bdi>): an Arabic agent's name inside an English
// sentence, or a Latin one inside Arabic, keeps its own order and leaves the sentence's alone.
import { createElement, Fragment, type ReactNode } from 'react';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../platform/i18n';

// A private-use character no message contains: it marks where each value goes in the sentence.
const MARK = '\uE000';

export function IsolatedMessage({
  id,
  values,
}: {
  id: MessageId;
  values: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, MARK + name + MARK]));
  // Between marks (odd pieces) are the values' names; the rest is the sentence's own words.
  const parts: ReactNode[] = t(id, marked)
    .split(MARK)
    .map((piece, i) => (i % 2 === 0 ? piece : <bdi key={i}>{values[piece] ?? ''}</bdi>));
  return createElement(Fragment, null, ...parts);
}
