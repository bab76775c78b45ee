// Prep that starts itself (issue 38): see auto-prep.ts.
export * from './auto-prep';
export * from './prep-view';
export * from './prepare-now';
export * from './quota-gate';
export * from './records';
export * from './wiring';
