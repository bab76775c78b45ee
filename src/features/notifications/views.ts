// The notifications feature's public entry for components (see ./index for state).
export { InboxBell } from './InboxPanel';
export { Toasts } from './Toasts';
