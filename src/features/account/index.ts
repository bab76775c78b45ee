// The account feature's public entry for state: what other features and the app may use of it.
// Its components are in ./views, so importing the store never pulls them into the first chunk.
export { useAccount } from './store';
