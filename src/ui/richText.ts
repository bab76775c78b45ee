// The hook for messages with elements inside, in the language in use (./richMessage).
import type { ReactNode } from 'react';
import type { MessageId } from '../../electron/domain/i18n/messages';
import { useTranslator } from '../platform/i18n';
import { richMessage, type RichValues } from './richMessage';

export type { RichValues, TagRenderer } from './richMessage';

/** `rich('account.howTo.paste', { button: <strong>…</strong> })`: the message with its elements. */
export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const { intl } = useTranslator();
  return (id, values) => richMessage(intl, id, values);
}
