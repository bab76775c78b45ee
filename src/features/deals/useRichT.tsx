// Messages with markup inside a sentence ("closes <date>3 Dec</date>", "<key>/</key> to search"):
// the translator writes the whole sentence with its tags where the language puts them, and each
// tag becomes an element here. Plain messages go through `t`.
import type { ReactNode } from 'react';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useTranslator } from '../../platform/i18n';

/** Makes a tag's element from its words; give it a `key` (the sentence is a list of parts). */
export type TagRenderer = (chunks: ReactNode[]) => ReactNode;

export type RichValues = Readonly<Record<string, string | number | TagRenderer>>;

export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const { intl } = useTranslator();
  // FormatJS's own formatter, memoised per message; `formatMessage` is typed for strings only.
  return (id, values) =>
    intl.formatters
      .getMessageFormat(intl.messages[id] ?? id, intl.locale)
      .format<ReactNode>(values);
}
