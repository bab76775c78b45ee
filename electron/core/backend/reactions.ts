// How the backend's parts answer each other: a session change, a settings change (a switch of
// service, notification and retention settings), the runs and connectivity changing, and a cache
// refresh, each to events and to the parts it concerns. wireReactions subscribes them all.
import type { SessionStatus, Settings } from '../../contract';
import { coreWords } from '../i18n/words';
import type { CachedReader } from '../cache';
import type { EventHub } from '../host';
import type { NoticeBoard } from '../host/notices';
import type { Logger } from '../logs/logger';
import type { NotificationWiring } from '../notifications/wiring';
import type { RunManager } from '../runs/manager';
import { createServiceSwitch, serviceInfo, type ServiceTargets } from '../service';
import type { SessionChange, SessionState } from '../session';
import type { RunQuotaGuard } from '../usage';
import type { Foundation } from './foundation';
import type { CoreParts } from './parts';
import type { BackendOptions } from './types';

/** The session listener: its status to the pages, and what a new or lost session means. */
export function sessionReaction(parts: {
  hub: EventHub;
  status: (state: SessionState) => SessionStatus;
  reader: Pick<CachedReader, 'reset'>;
  quota: Pick<RunQuotaGuard, 'invalidate'>;
  manager: Pick<RunManager, 'resumeAfterSignIn'>;
  notifications: Pick<NotificationWiring, 'check'>;
  forgetUserData: () => Promise<void>;
}): (state: SessionState, change: SessionChange) => void {
  return (state, change) => {
    parts.hub.emit('session.changed', parts.status(state));
    if (change === 'signed-in') {
      // Maybe another user: what was cached is shown stale until the service confirms it.
      parts.reader.reset();
      parts.quota.invalidate();
      parts.manager.resumeAfterSignIn();
      void parts.notifications.check('start');
    } else if (change === 'signed-out') {
      void parts.forgetUserData();
    }
  };
}

/**
 * The settings listener: the new settings to the pages; a new service address switched to
 * (`onSwitch` gets the switch in progress, which a settings update waits for); notification and
 * retention changes applied.
 */
export function settingsReaction(parts: {
  hub: EventHub;
  targets: ServiceTargets;
  switchService: (settings: Settings) => Promise<void>;
  current: () => Settings;
  notifications: Pick<NotificationWiring, 'check' | 'doNotDisturbEnded'>;
  prune: () => Promise<void>;
  log: Logger;
  notices: NoticeBoard;
  onSwitch: (switching: Promise<void>) => void;
}): (next: Settings, previous: Settings) => void {
  const switchTo = (): Promise<void> => {
    const before = parts.targets.current().baseUrl;
    return parts
      .switchService(parts.current())
      .then(() => {
        const target = parts.targets.current();
        if (target.baseUrl === before) return;
        parts.hub.emit('service.changed', serviceInfo(target));
      })
      .catch((error: unknown) => {
        parts.log.error('Could not switch service', { error });
        parts.notices.add('error', coreWords().t('errors.service.addressUnusable'));
      });
  };
  return (next, previous) => {
    parts.hub.emit('settings.changed', next);
    if (next.serviceBaseUrl !== previous.serviceBaseUrl || next.signInUrl !== previous.signInUrl) {
      parts.onSwitch(switchTo());
    }
    if (JSON.stringify(next.notifications) !== JSON.stringify(previous.notifications)) {
      void parts.notifications.check('settings-changed');
    }
    if (previous.notifications.doNotDisturb && !next.notifications.doNotDisturb) {
      void parts.notifications.doNotDisturbEnded();
    }
    if (JSON.stringify(next.transcriptRetention) !== JSON.stringify(previous.transcriptRetention)) {
      void parts.prune();
    }
  };
}

export interface Reactions {
  /** Sign-out: what the service told this user goes with the session. */
  forgetUserData: () => Promise<void>;
  /** The latest switch of service; a settings update answers once it is done. */
  switching: () => Promise<void>;
}

/** Subscribes each part to what it must answer; close() unsubscribes them. */
export function wireReactions(
  options: BackendOptions,
  base: Foundation,
  parts: CoreParts,
): Reactions {
  const { hub, log, notices, lifecycle } = base;
  const { service, reader, quota, manager, notifications, settings } = parts;
  const forgetUserData = async () => {
    reader.reset();
    quota.invalidate();
    await Promise.all([parts.cacheStore.clear(), parts.inbox.clear(), parts.autoPrep.forget()]);
  };
  const { wiring: autoPrep } = parts.autoPrep;
  lifecycle.cleanups.push(
    manager.onRunsChanged((runs) => {
      hub.emit('runs.changed', { runs });
      // A prep's own notification ("Your prep for … is ready") stands for its run-finished one.
      const others = runs.filter((run) => !autoPrep.owns(run.runId));
      notifications.runsChanged(others.map((run) => ({ ...run, ...manager.asked(run.runId) })));
      autoPrep.runsFinished(runs.filter((run) => run.done));
    }),
  );
  lifecycle.cleanups.push(
    service.session.subscribe((state, change) => {
      if (change === 'signed-in') void autoPrep.check('start');
    }),
  );
  lifecycle.cleanups.push(
    settings.subscribe((next, previous) => {
      const concerns = (value: Settings) => [
        value.autoPrep.mode,
        value.autoPrep.leadMinutes,
        value.autoPrep.reservePercent,
        value.notifications.prepAgentId,
        value.notifications.meetingPollMinutes,
      ];
      if (JSON.stringify(concerns(next)) !== JSON.stringify(concerns(previous))) {
        void autoPrep.check('settings-changed');
      }
    }),
  );
  lifecycle.cleanups.push(
    service.session.subscribe(
      sessionReaction({
        hub,
        status: service.sessionStatus,
        reader,
        quota,
        manager,
        notifications,
        forgetUserData,
      }),
    ),
  );
  lifecycle.cleanups.push(
    base.connectivity.subscribe((state) => hub.emit('connectivity.changed', state)),
  );

  const switchService = createServiceSwitch({
    targets: service.targets,
    client: service.client,
    session: service.session,
    stopRuns: (reason) => manager.stopAll(reason),
    forgetUserData,
    onSignInPageChanged: () => hub.emit('session.changed', service.sessionStatus()),
    log,
  });
  let switching: Promise<void> = Promise.resolve();
  lifecycle.cleanups.push(
    settings.subscribe(
      settingsReaction({
        hub,
        targets: service.targets,
        switchService,
        current: () => settings.get(),
        notifications,
        prune: parts.pruning.prune,
        log,
        notices,
        onSwitch: (next) => {
          switching = next;
        },
      }),
    ),
  );
  lifecycle.cleanups.push(
    settings.subscribeManaged((managed) => hub.emit('settings.managedChanged', managed)),
  );
  return { forgetUserData, switching: () => switching };
}
