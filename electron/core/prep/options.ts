// What the automatic prep is given by its host (core's backend parts, the tests): its records,
// the service's answers, its settings and the ways to tell the user. Apart from auto-prep.ts so
// the modules that start a prep (start-claimed.ts) read it without an import circle.
import type { AutoPreps } from '../../contract';
import type { AutoPrepMode } from '../../contract/settings';
import type { Translator } from '../../domain/i18n/translator';
import type { UsageSummary } from '../api/schemas';
import type { Logger } from '../logs/logger';
import type { NotificationDecision } from '../notifications/decision';
import type { PrepRecords } from './records';

export interface AutoPrepSettings {
  mode: AutoPrepMode;
  leadMinutes: number;
  reservePercent: number;
  /** How often the meeting briefing is read for new, moved and cancelled meetings. */
  pollMinutes: number;
}

export interface StartPrepRun {
  agentId: string;
  dealId: string;
  message: string;
}

export interface AutoPrepOptions {
  records: PrepRecords;
  /** The meeting briefing's data, fetched now. */
  fetchBriefing: () => Promise<unknown>;
  dealNamedIn?: (title: string) => Promise<string | undefined>; // prep-view.ts withNamedDeals
  fetchUsage: () => Promise<UsageSummary>;
  /** Starts the run as Prepare does (the run manager); rejects with the service's error. */
  startRun: (run: StartPrepRun) => Promise<{ runId: string }>;
  /** The finished answer's text (its transcript), for the first lines. */
  readAnswer: (runId: string) => Promise<string | undefined>;
  settings: () => AutoPrepSettings;
  /** The prep agent: the one chosen in Settings, else the one Prepare would suggest. */
  agentId: () => Promise<string | undefined>;
  now: () => Date;
  timeZone: () => string;
  translator?: () => Translator;
  /** Into the inbox, and shown as other notifications are. */
  deliver: (decision: NotificationDecision) => Promise<void>;
  onChange?: (preps: AutoPreps) => void;
  log: Logger;
}
