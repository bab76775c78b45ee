// Tells core when the machine comes back: after sleep (powerMonitor `resume`) and when the
// network returns. Electron has no online/offline event in the main process, so net.isOnline()
// is polled; the poll is cheap (no request is made) and stops with the app.

import { net, powerMonitor } from 'electron';

export interface NetworkWatchOptions {
  onResume(): void;
  onNetworkChange(online: boolean): void;
  pollMs?: number;
}

export function watchPowerAndNetwork(options: NetworkWatchOptions): () => void {
  let online = net.isOnline();
  const poll = setInterval(() => {
    const now = net.isOnline();
    if (now === online) return;
    online = now;
    options.onNetworkChange(now);
  }, options.pollMs ?? 5_000);
  poll.unref();

  const resume = () => {
    online = net.isOnline();
    options.onResume();
    options.onNetworkChange(online);
  };
  powerMonitor.on('resume', resume);

  return () => {
    clearInterval(poll);
    powerMonitor.off('resume', resume);
  };
}
