// The briefings feature's public entry: what other features and the app may use of it.
export { useBriefings } from './store';
