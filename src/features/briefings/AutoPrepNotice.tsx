// The first time a meeting's prep is scheduled to run by itself, one line on Today says so, with
// "Turn off" and "OK": nothing starts on the user's quota without them having been told once.
import { useState } from 'react';
import type { AutoPrepMeeting, SettingsPatch } from '../../../electron/contract';
import { useT } from '../../platform/i18n';
import { Button } from '../../ui/Button';
import { usePolicy, useSettings } from '../settings';
import { useAutoPrep } from './autoPrepStore';

/** A prep that is, or was, going to run by itself: what the notice is about. */
function isUnderWay(meeting: AutoPrepMeeting): boolean {
  return meeting.prep.status !== 'skipped';
}

export function AutoPrepNotice() {
  const t = useT();
  const autoPrep = useSettings((s) => s.settings.value?.autoPrep);
  const underWay = useAutoPrep((s) => s.preps.value?.meetings.some(isUnderWay) ?? false);
  const modeLocked = usePolicy('autoPrep.mode').locked;
  // Hidden at once when answered; the saved flag keeps it hidden from then on.
  const [answered, setAnswered] = useState(false);
  if (autoPrep === undefined || autoPrep.noticeSeen || autoPrep.mode === 'off') return null;
  if (!underWay || answered) return null;
  const answer = (patch: SettingsPatch) => {
    setAnswered(true);
    void useSettings.getState().update(patch);
  };
  const text =
    autoPrep.mode === 'all-meetings'
      ? t('briefings.autoPrep.notice.allMeetings', { minutes: autoPrep.leadMinutes })
      : t('briefings.autoPrep.notice.dealMeetings', { minutes: autoPrep.leadMinutes });
  return (
    <section
      className="today-notice auto-prep-notice"
      aria-label={t('briefings.autoPrep.notice.label')}
    >
      <p>{text}</p>
      <div className="today-notice-actions">
        {/* Where IT set automatic prep, the user cannot turn it off: only "OK" is offered. */}
        {modeLocked ? null : (
          <Button size="sm" onClick={() => answer({ autoPrep: { mode: 'off', noticeSeen: true } })}>
            {t('briefings.autoPrep.notice.turnOff')}
          </Button>
        )}
        <Button
          size="sm"
          variant="primary"
          onClick={() => answer({ autoPrep: { noticeSeen: true } })}
        >
          {t('briefings.autoPrep.notice.ok')}
        </Button>
      </div>
    </section>
  );
}
