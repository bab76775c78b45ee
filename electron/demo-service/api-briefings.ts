// GET /briefings/morning and GET /briefings/meeting, computed for the service clock's "now".
import { meetingBriefing, morningBriefing } from './data/briefings';
import { sendData } from './http/envelope';
import type { Handler } from './state';

export const getMorningBriefing: Handler = ({ res, requestId, state }) => {
  sendData(res, requestId, morningBriefing(state.now(), state.deals.all()));
};

export const getMeetingBriefing: Handler = ({ res, requestId, state }) => {
  sendData(res, requestId, meetingBriefing(state.now(), state.deals.all()));
};
