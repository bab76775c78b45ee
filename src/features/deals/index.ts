// The deals feature's public entry: what other features may use of it.
export { useDeals } from './store';
