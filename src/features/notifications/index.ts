// The notifications feature's public entry for state: what other features and the app may use
// of it. Its components are in ./views.
export { follow } from './follow';
export { useInbox } from './inbox';
// The toast queue is the app's (app/toasts); the settings screen takes `toast` from here.
export { toast } from '../../app/toasts';
