// The usage feature's public entry: what other features may use of it.
export { useUsage } from './store';
