// The runs feature's public entry for state: what other features may use of it. Its components
// are in ./views, so importing the store never pulls the run panel (and the markdown it renders)
// into the first chunk the app loads.
export { useRuns } from './store';
