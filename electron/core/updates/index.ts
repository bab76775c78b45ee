export { createUpdateController } from './controller';
export type {
  RestartAnswer,
  UpdateController,
  UpdateControllerOptions,
  UpdateLog,
  UpdateNotice,
  UpdateStatus,
  UpdaterEvent,
  UpdaterPort,
} from './controller';
export type { Timers } from '../clock';
export { classifyUpdateError } from './errors';
export type { UpdateErrorKind, UpdateFailure } from './errors';
export { detectUpdateFeed, UPDATES_ENV } from './feed';
export type { UpdateFeed, UpdateFeedProbe } from './feed';
export { progressEvent, versionEvent } from './events';
export { DAY, UpdatePolicySchema, resolveUpdatePolicy, retryDelayMs } from './policy';
export type { UpdatePolicy, UpdatePolicyInput } from './policy';
