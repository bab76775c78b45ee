// The kinds of activity CRMs share, in the language in use; another kind reads as the record
// writes it, made readable. The timeline and a deal's "Last activity" say them alike.
import { humanizeEnum } from '../../lib/format';
import type { MessageId } from '../../../electron/domain/i18n/messages';

const KINDS: Readonly<Record<string, MessageId>> = {
  call: 'deals.activity.kindCall',
  email: 'deals.activity.kindEmail',
  meeting: 'deals.activity.kindMeeting',
  note: 'deals.activity.kindNote',
  task: 'deals.activity.kindTask',
};

export function activityKindWord(kind: string, t: (id: MessageId) => string): string {
  const id = KINDS[kind.trim().toLowerCase()];
  return id === undefined ? humanizeEnum(kind) : t(id);
}
