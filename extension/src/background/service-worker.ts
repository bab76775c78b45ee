// The extension's service worker: its entry (extension/vite.config.ts builds it to one file).
import { chromeApi } from '../chrome';
import { startWorker } from './worker';

startWorker(chromeApi());
