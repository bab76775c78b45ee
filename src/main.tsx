// Entry point: styles, the router, the host's events, the first reads (all from cache, so the
// first screen shows at once, even offline), then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';
import { App } from './app/App';
import { startEvents } from './app/events';
import { startFocusReporting } from './app/focus';
import { startRouter } from './app/router';
import { useAccount } from './features/account/store';
import { useDeals } from './features/deals/store';
import { useRuns } from './features/runs/store';
import { useSettings } from './features/settings/store';

// The OS theme before the first paint; the user's own choice follows once settings are read.
document.documentElement.dataset.theme = window.matchMedia('(prefers-color-scheme: dark)').matches
  ? 'dark'
  : 'light';

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
void useDeals.getState().loadAgents();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
