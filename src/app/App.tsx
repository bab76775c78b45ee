// The shell: skip link, sidebar, banners, the current screen, toasts, the command palette and
// the sign-in dialog.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useAccount } from '../features/account';
import { useDealTitles } from '../features/deals';
import { Toasts } from '../features/notifications/views';
import { Skeleton } from '../ui/Feedback';
import { LinkOpenersContext } from '../ui/linkOpeners';
import { desktopLinkOpeners } from './desktopLinkOpeners';
import { Banners } from './Banners';
import { Sidebar } from './Sidebar';
import { useRoute } from '../platform/router';
import { useShortcuts } from './shortcuts';
import { useUi } from './ui-store';
import { useApplyTheme } from './theme';
import { screens } from '../lib/routes';
import { useT } from '../platform/i18n';
import type { Route } from '../lib/routes';

// Each screen (and the rarely opened dialogs) loads on first use: the start-up bundle holds only
// the shell, the stores and the bridge, and the first screen's chunk loads beside it (Today's is
// preloaded by index.html, see vite.config.ts, and imported by main.tsx as the app starts).

/** Today's screen once its chunk has been imported, so its first render needs no Suspense. */
let loadedToday: ComponentType | undefined;
let loadingToday: Promise<ComponentType> | undefined;

export function loadTodayScreen(): Promise<ComponentType> {
  loadingToday ??= import('../features/briefings/TodayScreen').then(
    (m) => (loadedToday = m.TodayScreen),
  );
  return loadingToday;
}

const TodayScreen = lazy(() => {
  const loaded = loadedToday;
  // Already loaded: a thenable that answers at once lets React render the screen in this very
  // pass, instead of committing the fallback and rendering again a task later.
  if (loaded) {
    return {
      then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded }),
    } as Promise<{ default: ComponentType }>;
  }
  return loadTodayScreen().then((component) => ({ default: component }));
});
const DealsScreen = lazy(() =>
  import('../features/deals/DealsScreen').then((m) => ({ default: m.DealsScreen })),
);
const RunsScreen = lazy(() =>
  import('../features/runs/RunsScreen').then((m) => ({ default: m.RunsScreen })),
);
const UsageScreen = lazy(() =>
  import('../features/usage/UsageScreen').then((m) => ({ default: m.UsageScreen })),
);
const SettingsScreen = lazy(() =>
  import('../features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
);
const CommandPalette = lazy(() =>
  import('./CommandPalette').then((m) => ({ default: m.CommandPalette })),
);
const SignInDialog = lazy(() =>
  import('../features/account/SignInDialog').then((m) => ({ default: m.SignInDialog })),
);

/** Mounted from their first opening on, so the native dialog can animate and restore focus. */
function Dialogs() {
  const palette = useUi((s) => s.paletteOpen);
  const signIn = useAccount((s) => s.signInOpen);
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [signInUsed, setSignInUsed] = useState(false);
  if (palette && !paletteUsed) setPaletteUsed(true);
  if (signIn && !signInUsed) setSignInUsed(true);
  return (
    <Suspense fallback={null}>
      {paletteUsed ? <CommandPalette /> : null}
      {signInUsed ? <SignInDialog /> : null}
    </Suspense>
  );
}

/**
 * The runs history names each run's deal. The deals feature shows runs (a deal's page lists its
 * runs), so runs never imports deals: the titles come from here.
 */
function Runs({ route }: { route: Extract<Route, { name: 'runs' }> }) {
  return <RunsScreen route={route} dealTitles={useDealTitles()} />;
}

function Screen() {
  const route = useRoute();
  switch (route.name) {
    case 'today':
      return <TodayScreen />;
    case 'deals':
      return <DealsScreen dealId={route.dealId} />;
    case 'runs':
      return <Runs route={route} />;
    case 'usage':
      return <UsageScreen />;
    case 'settings':
      return <SettingsScreen />;
  }
}

export function App() {
  useApplyTheme();
  useShortcuts();
  const t = useT();
  const route = useRoute();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // The window is named after its screen, in the language in use.
  useEffect(() => {
    const label = screens.find((s) => s.name === route.name)?.label;
    document.title =
      label === undefined ? 'Assistant' : t('app.window.title', { screen: t(label) });
  }, [route.name, t]);

  // A new screen: move focus to it (for keyboard and screen reader users).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = mainRef.current;
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    main?.scrollTo({ top: 0 });
  }, [route.name]);

  return (
    <LinkOpenersContext.Provider value={desktopLinkOpeners}>
      <div className="app">
        <a
          className="skip-link"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            mainRef.current?.focus();
          }}
        >
          {t('app.skipToContent')}
        </a>
        <Sidebar />
        <div className="main-column">
          <Banners />
          <main id="main" ref={mainRef} tabIndex={-1} className="main" data-page-scroll="">
            <Suspense fallback={<Skeleton lines={6} />}>
              <Screen />
            </Suspense>
          </main>
        </div>
        <Toasts />
        <Dialogs />
      </div>
    </LinkOpenersContext.Provider>
  );
}
