// The deals feature's public entry: what other features and the app may use of it.
export { useDeals } from './store';
export { useDealTitles } from './dealTitles';
