// Names (people's, agents', accounts') joined as the language joins a list, each one isolated on
// its own: a Latin name keeps its letters left to right inside an Arabic line, and the list's
// separators ("، ", "و") stay words of the line, in its direction. Isolating the whole list as one
// block instead made it a left-to-right run with the Arabic "and" inside it, names reordered.
import { Fragment } from 'react';
import { listParts } from '../lib/format';
import { useTranslator } from '../platform/i18n';

export function NameList({
  names,
  type = 'conjunction',
}: {
  names: readonly string[];
  /** `unit`: side by side with no "and" ("Deal coach, Email writer"). */
  type?: 'conjunction' | 'unit';
}) {
  const { locale } = useTranslator();
  return (
    <>
      {listParts(names, locale, type).map((part, i) =>
        part.kind === 'item' ? (
          <bdi key={i}>{part.text}</bdi>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
