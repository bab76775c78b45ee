// Automatic prep's records in memory, for tests about its decisions rather than the data folder
// (test/integration/core/prep covers the files).
import type { PrepRecord, PrepRecords } from '../../../../electron/core/prep';

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
