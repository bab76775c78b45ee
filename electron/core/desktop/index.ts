// Decisions of the desktop shell, as plain data: what the tray shows, what a notification does
// when followed, the global shortcut, and what this desktop offers (said in Settings).
export * from './capabilities';
export * from './linux-session';
export * from './next-meeting';
export * from './notification-actions';
export * from './shortcut';
export * from './tray-menu';
export * from './unread';
