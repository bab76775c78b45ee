// The app, imported by main.tsx: the router, the host's events, the first reads (all from cache,
// so the first screen shows at once, even offline), then the first render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { OpenPrintedAddress } from './app/OpenPrintedAddress';
import { startEvents } from './app/events';
import { startFocusReporting } from './app/focus';
import { startRouter } from './app/router';
import { useAccount } from './features/account/store';
import { useAgents } from './features/agents/store';
import { useDeals } from './features/deals/store';
import { useRuns } from './features/runs/store';
import { useSettings } from './features/settings/store';
import { readHostSecretFragment } from '../electron/contract';
import { missingHostSecret } from './bridge';

function start(): void {
  startRouter();
  startEvents();
  startFocusReporting();

  const account = useAccount.getState();
  void account.loadAppInfo();
  void account.loadMetadata();
  void account.loadSession();
  void account.loadConnectivity();
  void useSettings.getState().load();
  void useRuns.getState().loadLive();
  // For the command palette and deal links everywhere.
  void useDeals.getState().loadList();
  void useAgents.getState().loadAgents();

  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}

if (missingHostSecret()) {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<OpenPrintedAddress />);
  // The printed address pasted into this tab is a same-document navigation: start afresh with it.
  window.addEventListener('hashchange', () => {
    if (readHostSecretFragment(location.hash) !== undefined) location.reload();
  });
} else {
  start();
}
