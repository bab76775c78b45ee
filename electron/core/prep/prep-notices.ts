// The two things automatic prep tells the user, as notification decisions (the scheduler's
// kinds, so the inbox and the OS show them as the others): its prep is ready (opens the answer),
// and, once per billing period, that it did not prepare for lack of quota.
import type { Translator } from '../../domain/i18n/translator';
import { clip, noticeWords, type NotificationDecision } from '../notifications/decision';
import type { QuotaGate } from './quota-gate';
import { occurrenceId, type PrepRecord } from './records';

export function prepReadyDecision(
  translator: Translator,
  record: PrepRecord,
  answer: { runId: string; firstLines: string; timeZone: string },
): NotificationDecision {
  return {
    kind: 'meeting-briefing',
    key: `auto-prep:${occurrenceId(record.meetingKey, record.startsAt)}`,
    ...noticeWords(translator, {
      title: {
        id: 'desktop.notification.prepReady',
        values: {
          meeting: record.title ?? translator.t('desktop.notification.meetingTitle'),
          // The reader's clock: formatted when shown, in the zone of the day it was raised.
          time: { time: record.startsAt, timeZone: answer.timeZone },
        },
      },
      body: [
        answer.firstLines === ''
          ? { id: 'desktop.notification.prepReadyBody' }
          : { text: clip(answer.firstLines, 200) },
      ],
    }),
    target: { screen: 'run', runId: answer.runId },
  };
}

export function prepQuotaDecision(
  translator: Translator,
  gate: Extract<QuotaGate, { open: false }>,
): NotificationDecision {
  return {
    kind: 'quota',
    key: `auto-prep-quota:${gate.periodStart}`,
    ...noticeWords(translator, {
      title: { id: 'desktop.notification.prepNotStarted' },
      body: [
        {
          id: 'desktop.notification.prepQuotaLeft',
          values: { quota: gate.quota, left: gate.left },
        },
      ],
    }),
    target: { screen: 'usage' },
  };
}
