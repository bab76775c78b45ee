// The account feature's public entry for state: what other features may use of it. Its
// components are in ./views, so importing the store never pulls them into the first chunk.
export { hasCapability, isDemo, missingCapabilityReason, useAccount } from './store';
