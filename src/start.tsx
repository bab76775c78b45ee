// The app, imported by main.tsx: the router, the host's events, the first reads (all from cache,
// so the first screen shows at once, even offline), then the first render (see
// docs/performance.md, "Start-up order").
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App, loadTodayScreen } from './app/App';
import { OpenPrintedAddress } from './app/OpenPrintedAddress';
import { startEvents } from './app/events';
import { startFocusReporting } from './platform/pageFocus';
import { dropHeldKeys } from './platform/heldKeys';
import { stopEarlyShortcuts } from './platform/earlyShortcuts';
import { startRememberingAgent } from './app/rememberAgent';
import { startRouter, useRouter } from './platform/router';
import { warmUpToday } from './app/warm-up';
import { applyLanguage, startFollowingLanguage } from './app/language';
import { useAgents } from './features/agents/store';
import { useBriefings } from './features/briefings/store';
import { useDeals } from './features/deals/store';
import { useRuns } from './features/runs/store';
import { useSettings } from './features/settings/store';
import { readHostSecretFragment } from '../electron/contract';
import { missingHostSecret } from './platform/bridge';
import { useHost } from './platform/hostStore';

/**
 * How long the first render waits for the first reads. They come from the host's cache (on
 * Today browser mode's socket asked for them as the page started), so they are normally there
 * within a few milliseconds, and the first screen is painted once, complete, rather than as
 * skeletons replaced a moment later. Past this (nothing cached yet, a slow host) the skeletons
 * show as they always did.
 */
const FIRST_RENDER_WAIT_MS = 250;

/** Runs `work` once the frame after the current one has been painted. */
function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/** What Today does not show: live runs, and deals and agents for the palette and links. */
function readTheRest(): void {
  void useRuns.getState().loadLive();
  // For the command palette and deal links everywhere.
  void useDeals.getState().loadList();
  void useAgents.getState().loadAgents();
  // The code of the deal search and the palette, so the first `/` or Ctrl+K finds it here.
  void import('./features/deals/DealsScreen').catch(() => undefined);
  void import('./app/CommandPalette').catch(() => undefined);
}

/**
 * On Today: the briefings, and the screen's code (preloaded by index.html), imported at once: the
 * first render needs both, so waiting for an idle moment before importing it only left the main
 * thread idle (10–20 ms) once the answers were in. Its markdown is warmed up when idle.
 * Until the metadata is known briefings are assumed offered, as TodayScreen does.
 */
function readToday(): Promise<unknown> {
  const briefings = useBriefings.getState();
  void warmUpToday().catch(() => undefined);
  return Promise.all([
    briefings.load('morning'),
    briefings.load('meeting'),
    // A failure to load the screen's code shows at render, as it would have without this.
    loadTodayScreen().catch(() => undefined),
  ]);
}

function readShell(): Promise<unknown> {
  const host = useHost.getState();
  return Promise.all([
    // The language needs the setting and the host's system languages: English paints with no
    // other catalogue loaded; another language's chunk loads first, so no English flashes.
    Promise.all([host.loadAppInfo(), useSettings.getState().load()]).then(applyLanguage),
    host.loadMetadata(),
    host.loadSession(),
    host.loadConnectivity(),
  ]);
}

function start(): void {
  startRouter();
  const onToday = useRouter.getState().route.name === 'today';
  // Today's reads first: the briefings are what its first paint is waiting for.
  const screenRead = onToday ? readToday() : Promise.resolve();
  startEvents();
  startFocusReporting();
  startRememberingAgent();
  startFollowingLanguage();
  const shellRead = readShell();
  // Today shows none of the rest: it is read once the briefings are painted.
  if (!onToday) readTheRest();

  const root = document.getElementById('root');
  if (!root) {
    if (onToday) readTheRest();
    return;
  }
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.race([Promise.all([screenRead, shellRead]), waited]).then(() => {
    const app = createRoot(root);
    // Committed now, so "after the next paint" below is after the first screen's paint.
    flushSync(() =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    if (onToday) afterNextPaint(readTheRest);
  });
}

if (missingHostSecret()) {
  // No app to search in here: keys are the address field's.
  stopEarlyShortcuts();
  dropHeldKeys();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<OpenPrintedAddress />);
  // The printed address pasted into this tab is a same-document navigation: start afresh with it.
  window.addEventListener('hashchange', () => {
    if (readHostSecretFragment(location.hash) !== undefined) location.reload();
  });
} else {
  start();
}
