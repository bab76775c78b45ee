// Subscribes the stores to the host's events, once for the app's lifetime.
import { on } from '../bridge';
import { routeForTarget } from '../lib/routes';
import { useAccount } from '../features/account/store';
import { useBriefings } from '../features/briefings/store';
import { useDeals } from '../features/deals/store';
import { useToasts } from '../features/notifications/store';
import { useRuns } from '../features/runs/store';
import { useSettings } from '../features/settings/store';
import { useUsage } from '../features/usage/store';
import { isUnauthorized, onRequestError } from './api';
import { navigate } from './router';
import { useUi } from './ui-store';
import { showWebNotification } from './webNotifications';

let started = false;

export function startEvents(): void {
  if (started) return;
  started = true;

  on('run.update', (update) => useRuns.getState().applyUpdate(update));
  on('runs.changed', ({ runs }) => useRuns.getState().applySummaries(runs));
  on('session.changed', (session) => {
    const was = useAccount.getState().session;
    useAccount.setState({ session });
    // Back from an expired session: what was shown may have failed meanwhile; read it again.
    if (was?.expired && !session.expired && session.signedIn) {
      void useAccount.getState().loadMetadata();
    }
  });
  on('connectivity.changed', (connectivity) => {
    const was = useAccount.getState().connectivity;
    useAccount.setState({ connectivity });
    // Back from a lost host connection (browser mode's socket): the events sent meanwhile never
    // arrived, and a run that finished meanwhile sends no more. Snapshots replace the gap.
    if (was?.state === 'host-unreachable' && connectivity.state !== 'host-unreachable') {
      void useRuns.getState().resyncLive();
    }
  });
  on('settings.changed', (settings) => useSettings.getState().receive(settings));
  on('data.refreshed', ({ key, id }) => {
    switch (key) {
      case 'metadata':
        void useAccount.getState().loadMetadata();
        break;
      case 'agents':
        void useDeals.getState().loadAgents();
        break;
      case 'deals':
        void useDeals.getState().loadList();
        break;
      case 'deal':
        if (id !== undefined && useDeals.getState().details[id])
          void useDeals.getState().loadDeal(id);
        break;
      case 'briefings.morning':
        void useBriefings.getState().load('morning');
        break;
      case 'briefings.meeting':
        void useBriefings.getState().load('meeting');
        break;
    }
  });
  on('notification', (n) => {
    useToasts.getState().show({
      id: n.id,
      title: n.title,
      body: n.body,
      kind: n.kind,
      ...(n.navigate ? { navigate: n.navigate } : {}),
      ...(n.actions?.length ? { actions: n.actions } : {}),
    });
    showWebNotification(n, () => {
      if (n.navigate) navigate(routeForTarget(n.navigate));
    });
    if (n.kind === 'quota') void useUsage.getState().load();
  });
  on('navigate', (target) => {
    navigate(routeForTarget(target));
    // The global shortcut and the tray's "Find a deal…": straight into the picker's search.
    if (target.focus === 'search') useUi.getState().focusSearch();
  });
  on('notice', (notice) =>
    useAccount.setState((s) => {
      if (!s.appInfo || s.appInfo.notices.some((n) => n.id === notice.id)) return {};
      return { appInfo: { ...s.appInfo, notices: [...s.appInfo.notices, notice] } };
    }),
  );

  // The host marks the session expired too; this makes the banner show even if its event
  // crossed with the failed answer.
  onRequestError((error) => {
    if (!isUnauthorized(error)) return;
    const session = useAccount.getState().session;
    if (session && !session.expired && session.signedIn) {
      useAccount.setState({ session: { ...session, expired: true } });
    }
  });

  window.addEventListener('online', () => useAccount.setState({ browserOffline: false }));
  window.addEventListener('offline', () => useAccount.setState({ browserOffline: true }));
}
