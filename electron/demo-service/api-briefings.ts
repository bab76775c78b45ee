// GET /briefings/morning and GET /briefings/meeting, computed for the service clock's "now".
import { meetingBriefing, morningBriefing, type MeetingBriefing } from './data/briefings';
import { sendData } from './http/envelope';
import type { Handler, ScriptedMeeting } from './state';

export const getMorningBriefing: Handler = ({ res, requestId, state }) => {
  const briefing = morningBriefing(state.now(), state.deals.all());
  if (state.options.profile === 'default') {
    sendData(res, requestId, briefing);
    return;
  }
  // A CRM-fronting service nests what the briefing is about, title included.
  const { headline, summary, ...rest } = briefing;
  sendData(res, requestId, { ...rest, summary: { headline, text: summary } });
};

/** The briefing as a calendar-fed service sends it: the deal named in the title only. */
function dealInTitleOnly(briefing: MeetingBriefing): Omit<MeetingBriefing, 'dealId' | 'dealName'> {
  const { dealId: _id, dealName, ...rest } = briefing;
  return { ...rest, title: `${dealName} pricing call` };
}

/** The next scripted meeting as a briefing (the generated day's fields a test needs). */
function scriptedBriefing(meetings: readonly ScriptedMeeting[], now: Date): object {
  const next = meetings
    .filter((meeting) => Date.parse(meeting.startsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (next === undefined) return {};
  return {
    id: `brf_${next.id}`,
    meetingId: next.id,
    title: next.title,
    startsAt: next.startsAt,
    ...(next.dealId === undefined ? {} : { dealId: next.dealId }),
    generatedAt: now.toISOString(),
  };
}

export const getMeetingBriefing: Handler = ({ res, requestId, state }) => {
  const scripted = state.settings.scriptedMeetings;
  if (scripted !== null) {
    sendData(res, requestId, scriptedBriefing(scripted, state.now()));
    return;
  }
  const computed = meetingBriefing(state.now(), state.deals.all());
  const briefing = state.settings.meetingDealInTitle ? dealInTitleOnly(computed) : computed;
  if (state.options.profile === 'default') {
    sendData(res, requestId, briefing);
    return;
  }
  const { title, location, attendees, ...rest } = briefing;
  sendData(res, requestId, { ...rest, meeting: { title, location, attendees } });
};
