// The service core talks to: which one (the settings' address or the embedded demo), the API
// client everyone keeps across a change of service, and what changing service involves.
export * from './switch';
export * from './switchable-client';
export * from './target';
