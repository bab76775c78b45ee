// The settings feature's public entry: what other features and the app may use of it.
export { useSettings } from './store';
export { resolveTheme } from './theme';
export { useCompanion } from './companionStore';
export { useManaged } from './managedStore';
export { waitingBrowsers } from './createCompanionStore';
export { CompanionBanner } from './CompanionBanner';
export { usePolicy } from './ManagedNote';
