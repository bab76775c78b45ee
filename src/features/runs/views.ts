// The runs feature's public entry for components other features show (see ./index for state).
export { DealRuns } from './DealRuns';
export { RunPanel } from './RunPanel';
