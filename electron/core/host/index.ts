// The host wrapper: what every host (Electron main, browser mode) uses to serve the contract.
export * from './dispatcher';
export * from './event-hub';
export * from './focus';
export * from './connectivity';
