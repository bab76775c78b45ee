// The notifications feature's public entry for state: what other features and the app may use
// of it. Its components are in ./views.
export { follow } from './follow';
export { useInbox } from './store';
