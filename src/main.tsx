// Entry point: browser mode's host secret taken from the address first (before anything reads
// `location`) and its socket opened, the styles and the OS theme, then the app (./start.tsx).
// The app is a chunk of its own, which index.html preloads: the socket opens, and on Today sends
// the first reads, while the app's code is still arriving and being evaluated (see
// docs/performance.md, "Start-up order").
import './platform/bridge/host-secret';
import './platform/bridge/early-socket';
import { fetchLikelyCatalogue } from './platform/i18n/early-catalogue';
import { startHoldingKeys } from './platform/heldKeys';
import { startEarlyShortcuts } from './platform/earlyShortcuts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';
import './styles/deals.css';

// The OS theme before the first paint; the user's own choice follows once settings are read.
document.documentElement.dataset.theme = window.matchMedia('(prefers-color-scheme: dark)').matches
  ? 'dark'
  : 'light';

// `/` or Ctrl+K and what follows, typed while the app's code still arrives, are kept for the
// search they ask for (see platform/earlyShortcuts.ts).
startHoldingKeys();
startEarlyShortcuts();

void import('./start');
// The likely language's words beside the app's code, not after settings have answered.
fetchLikelyCatalogue();

// The first date formatter built on a page loads the locale's data from ICU (~10–15 ms); later
// ones, with any options, cost a fraction of a millisecond. Built here, while the socket opens
// and the app's code is fetched, it is not paid in the first render (Today's date heading).
new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(0);
