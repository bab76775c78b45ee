// Messages with elements inside (a command in code type, a button's name in bold, a name kept in
// its own direction): the sentence stays one whole message for translators, and each element
// takes the place of its placeholder wherever the language puts it.
import { Fragment } from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { MessageId } from '../../electron/domain/i18n/messages';
import { useT } from '../platform/i18n';

export type RichValues = Readonly<Record<string, string | number | ReactElement>>;

// Stands in for an element while the message is formatted; no translation contains it.
const MARK = '\u0000';

/** `rich('account.howTo.paste', { button: <strong>…</strong> })`: the message with its elements. */
export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const t = useT();
  return (id, values) => {
    const elements: ReactElement[] = [];
    const plain = Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        if (typeof value === 'string' || typeof value === 'number') return [name, value];
        elements.push(value);
        return [name, `${MARK}${elements.length - 1}${MARK}`];
      }),
    );
    // Split on the marks: odd parts are the elements' indexes, even parts the words between.
    return t(id, plain)
      .split(MARK)
      .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? elements[Number(part)] : part}</Fragment>);
  };
}
