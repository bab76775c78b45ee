// The agents feature's public entry: what other features may use of it.
export { useAgents } from './store';
export type { AgentsState } from './store';
