// The contract's handler table, by area. The backend builds each part from its services and
// joins them; the Handlers type makes sure no request is left without one.
export * from './app';
export * from './data';
export * from './runs';
export * from './session';
export * from './inbox';
export * from './companion';
export * from './auto-prep';
export * from './show-in-app';
