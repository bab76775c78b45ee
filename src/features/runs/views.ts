// The runs feature's public entry for components other features show (see ./index for state).
export { RunPanel } from './RunPanel';
