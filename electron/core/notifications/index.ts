// The notification scheduler: pure rules (what to notify, given the clock, the settings, what was
// already notified and what the service returned), their persisted state, and a runner that
// fetches what the rules need. Hosts show the decisions; nothing here shows anything.
export { RETRY_AFTER_MS, type RuleContext } from './context';
export * from './decision';
export { decideMeetings, meetingsOf, type MeetingOutcome } from './meeting';
export { morningDecision, morningDue, morningKey, nextMorningAt, type MorningDue } from './morning';
export * from './quota';
export * from './run-finished';
export * from './runner';
export { commitDecisions, MAX_WAKE_INTERVAL_MS, nextWakeAt } from './scheduler';
export * from './settings';
export * from './state';
export * from './store';
export { instantAt, isValidTimeZone, localClock, localDate, type LocalDate } from './zoned-time';
