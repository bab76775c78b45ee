// The notifications feature's public entry: what other features may use of it.
export { toast } from './store';
