// The inbox: every notification the app decides lands here first, is kept on disk (bounded) until
// the user has seen it, and is handed to a window or page that was not there when it came.
export * from './entries';
export * from './service';
export * from './store';
export * from './summary';
