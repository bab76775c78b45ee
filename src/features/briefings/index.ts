// The briefings feature's public entry: what other features and the app may use of it.
export { useBriefings } from './store';
export { useAutoPrep } from './autoPrepStore';
export { startMarkingPrepsRead } from './markPrepRead';
