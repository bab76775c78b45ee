// The embedded demo Assistant Service: an independent implementation of the API document for
// demos, tests and benchmarks. It shares no code with the client on purpose.
export { startDemoService } from './service';
export type { DemoService } from './service';
export type { DemoControl } from './control';
export type { ScriptedMeeting } from './state';
export type { DemoServiceOptions } from './options';
export { BASE_PATH, SESSION_COOKIE } from './options';
export type { Pacing, RunRecord, RunStatus } from './runs/types';
export { DEFAULT_LIMIT, MAX_LIMIT } from './http/query';
