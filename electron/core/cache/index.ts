export * from './cached-read';
export * from './store';
