// Automatic prep's records in memory, for tests about its decisions rather than the data folder
// (test/integration/core/prep covers the files), and the options of a prep on a quiet day.
import { createLogger } from '../../../../electron/core/logs/logger';
import type { AutoPrepOptions, PrepRecord, PrepRecords } from '../../../../electron/core/prep';

export function memoryRecords(): PrepRecords {
  const records = new Map<string, PrepRecord>();
  const taken = new Set<string>();
  const id = (record: PrepRecord) => `${record.meetingKey}@${record.startsAt}`;
  return {
    list: async () => [...records.values()],
    claim: async (record) => {
      if (records.has(id(record))) return false;
      records.set(id(record), record);
      return true;
    },
    update: async (record) => {
      records.set(id(record), record);
    },
    once: async (name) => {
      if (taken.has(name)) return false;
      taken.add(name);
      return true;
    },
    prune: async () => {},
  };
}

/** Options of a prep on a quiet day: the tests give what their case is about (others keep these). */
export function quietPrepOptions(given: Partial<AutoPrepOptions>): AutoPrepOptions {
  return {
    records: memoryRecords(),
    fetchBriefing: async () => ({ meetings: [] }),
    fetchUsage: () => Promise.reject(new Error('usage unknown: let through')),
    startRun: () => Promise.reject(new Error('nothing is due')),
    readAnswer: async () => undefined,
    settings: () => ({
      mode: 'deal-meetings',
      leadMinutes: 60,
      reservePercent: 10,
      pollMinutes: 5,
    }),
    agentId: async () => 'research.account_brief',
    now: () => new Date(),
    timeZone: () => 'UTC',
    deliver: async () => {},
    log: createLogger({}),
    ...given,
  };
}
