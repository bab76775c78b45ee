// Messages with elements inside, kept one whole sentence for translators: a value may be an
// element (a command in code type, a name kept in its own direction: `{button}`), and a tag in the
// message may be drawn by a function (`closes <date>3 Dec</date>`), each wherever the language
// puts it. FormatJS formats both; plain messages go through `t`. Pure: the hook is ./richText.
import { createElement, Fragment } from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../electron/domain/i18n/messages';

/** Draws a tag's element from its words. */
export type TagRenderer = (chunks: ReactNode[]) => ReactNode;

export type RichValues = Readonly<Record<string, string | number | ReactElement | TagRenderer>>;

/** The message in `intl`'s language with its elements, as a list React can render. */
export function richMessage(intl: IntlShape, id: MessageId, values: RichValues): ReactNode {
  // FormatJS's formatter for the message, memoised; `formatMessage` is typed for strings only.
  const parts = intl.formatters
    .getMessageFormat(intl.messages[id] ?? id, intl.locale)
    .format<ReactNode>(values);
  // A list of words and elements: each keyed by its place, as React asks of a list.
  return Array.isArray(parts)
    ? parts.map((part: ReactNode, i) => createElement(Fragment, { key: i }, part))
    : parts;
}

/** Each value as a name in its own direction (<bdi>), for a sentence with names inside. */
export function isolatedValues(
  values: Readonly<Record<string, string>>,
): Record<string, ReactElement> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, createElement('bdi', null, value)]),
  );
}
