// Subscribes the stores to the host's events, once for the app's lifetime.
import type { AppNotification, Connectivity } from '../../electron/contract';
import { on } from '../platform/bridge';
import { startMarkingPrepsRead, useAutoPrep, useBriefings } from '../features/briefings';
import { useAgents } from '../features/agents';
import { useDeals } from '../features/deals';
import { follow, useInbox } from '../features/notifications';
import { useRuns } from '../features/runs';
import { useCompanion, useManaged, useSettings } from '../features/settings';
import { useUsage } from '../features/usage';
import { isUnauthorized, onRequestError } from '../platform/api';
import { useHost } from '../platform/hostStore';
import { useToasts } from '../platform/toasts';
import { showWebNotification } from '../platform/webNotifications';

let started = false;

/** A notification from the host: a toast, a browser notification where allowed. */
function showNotification(n: AppNotification): void {
  useToasts.getState().show({
    id: n.id,
    title: n.title,
    body: n.body,
    ...(n.message ? { message: n.message } : {}),
    kind: n.kind,
    ...(n.navigate ? { navigate: n.navigate } : {}),
    ...(n.actions?.length ? { actions: n.actions } : {}),
  });
  showWebNotification(n, () => {
    if (n.navigate) follow(n.navigate);
  });
  if (n.kind === 'quota') void useUsage.getState().load();
}

/**
 * Another service: nothing the previous one said may stay on any screen (account, sidebar,
 * deals, briefings, runs, usage); what the new one says is asked for at once.
 */
function dropServiceData(): void {
  useHost.getState().resetMetadata();
  useDeals.getState().reset();
  useAgents.getState().reset();
  useBriefings.getState().reset();
  useAutoPrep.getState().reset();
  useRuns.getState().resetHistory();
  useUsage.getState().reset();
}

/**
 * Asks again for everything the screens show: after a change of service or a sign-in, when the
 * service is back after an outage, and on the outage banner's Retry.
 */
export function reloadServiceData(): void {
  void useHost.getState().loadMetadata();
  void useDeals.getState().loadList();
  void useAgents.getState().loadAgents();
  void useBriefings.getState().load('morning');
  void useBriefings.getState().load('meeting');
  void useAutoPrep.getState().load();
  void useUsage.getState().load();
  void useRuns.getState().loadLive();
  const runs = useRuns.getState();
  void runs.loadHistory(runs.historyParams);
}

function onConnectivity(connectivity: Connectivity): void {
  const was = useHost.getState().connectivity;
  useHost.setState({ connectivity });
  // The service is back: what failed meanwhile loads without anyone pressing Retry.
  if (
    connectivity.state === 'online' &&
    (was?.state === 'service-unreachable' ||
      was?.state === 'service-failing' ||
      was?.state === 'offline')
  ) {
    reloadServiceData();
  }
  // Back from a lost host connection (browser mode's socket): the events sent meanwhile never
  // arrived, and a run that finished meanwhile sends no more. Snapshots replace the gap.
  if (was?.state === 'host-unreachable' && connectivity.state !== 'host-unreachable') {
    void useRuns.getState().resyncLive();
    void useInbox.getState().load();
    void useInbox.getState().catchUp(showNotification);
    void useAutoPrep.getState().load();
  }
}

export function startEvents(): void {
  if (started) return;
  started = true;

  on('run.update', ({ updates }) => useRuns.getState().applyUpdates(updates));
  on('runs.changed', ({ runs }) => useRuns.getState().applySummaries(runs));
  on('session.changed', (session) => {
    const was = useHost.getState().session;
    useHost.setState({ session });
    // Back from an expired session: what was shown may have failed meanwhile; read it again.
    if (was?.expired && !session.expired && session.signedIn) {
      void useHost.getState().loadMetadata();
    }
  });
  // Signed in (a pasted token, the sign-in window, the demo's own session), whether the answer
  // or the event told first: everything is read again, so no screen waits for a reload.
  useHost.subscribe((state, previous) => {
    const now = state.session;
    const was = previous.session;
    if (now?.signedIn && !now.expired && was !== undefined && !was.signedIn) reloadServiceData();
  });
  on('service.changed', (service) => {
    useHost.setState((s) => (s.appInfo ? { appInfo: { ...s.appInfo, service } } : {}));
    dropServiceData();
    reloadServiceData();
  });
  on('connectivity.changed', onConnectivity);
  on('settings.changed', (settings) => useSettings.getState().receive(settings));
  // IT changed a policy while the app runs: fields lock or unlock without a reload.
  on('settings.managedChanged', (managed) => useManaged.getState().receive(managed));
  on('data.refreshed', ({ key, id }) => {
    switch (key) {
      case 'metadata':
        void useHost.getState().loadMetadata();
        break;
      case 'agents':
        void useAgents.getState().loadAgents();
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
  on('notification', showNotification);
  on('inbox.changed', (inbox) => useInbox.getState().receive(inbox));
  // A meeting's prep was scheduled, started, finished, skipped or read (by any window).
  on('autoPrep.changed', (preps) => useAutoPrep.getState().receive(preps));
  startMarkingPrepsRead();
  // A browser asked to be allowed (the banner), or was decided about, connected or went away.
  on('companion.changed', (changed) => useCompanion.getState().receive(changed));
  // The tray, a notification, a deep link, the global shortcut (straight into the deal search).
  on('navigate', follow);
  on('notice', (notice) =>
    useHost.setState((s) => {
      if (!s.appInfo || s.appInfo.notices.some((n) => n.id === notice.id)) return {};
      return { appInfo: { ...s.appInfo, notices: [...s.appInfo.notices, notice] } };
    }),
  );

  // The host marks the session expired too; this makes the banner show even if its event
  // crossed with the failed answer.
  onRequestError((error) => {
    if (!isUnauthorized(error)) return;
    const session = useHost.getState().session;
    if (session && !session.expired && session.signedIn) {
      useHost.setState({ session: { ...session, expired: true } });
    }
  });

  // What came while no window or page was open: one toast (the entry, or "3 things while you
  // were away"); the bell counts the rest.
  void useInbox.getState().load();
  void useInbox.getState().catchUp(showNotification);
  // A browser may already be waiting for the user's decision.
  void useCompanion.getState().load();
  // What IT set, so no form offers a locked setting as the user's to change.
  void useManaged.getState().load();

  window.addEventListener('online', () => useHost.setState({ browserOffline: false }));
  window.addEventListener('offline', () => useHost.setState({ browserOffline: true }));
}
