// Notices: what the user should know about the app itself (a settings file that was set aside,
// a session store that is memory-only, a notification history that could not be saved). They
// stay listed in app.info until dismissed, and each is also pushed as it happens.
import type { Notice } from '../../contract';

export interface NoticeBoard {
  add(level: Notice['level'], message: string): void;
  /** Removes one (unknown ids are ignored: another page may have dismissed it first). */
  dismiss(id: string): void;
  list(): Notice[];
}

export function createNoticeBoard(options: {
  now: () => Date;
  emit: (notice: Notice) => void;
}): NoticeBoard {
  const notices: Notice[] = [];
  return {
    add(level, message) {
      const { now } = options;
      const notice: Notice = {
        id: `${now().getTime().toString(36)}-${notices.length}`,
        level,
        message,
        at: now().toISOString(),
      };
      notices.push(notice);
      options.emit(notice);
    },
    dismiss(id) {
      const index = notices.findIndex((notice) => notice.id === id);
      if (index >= 0) notices.splice(index, 1);
    },
    list: () => [...notices],
  };
}
