// What a host holds of core (the Backend of types.ts): the handler table and its dispatcher, the
// events, what the tray reads (live runs, the next meeting), what the OS tells (a wake-up, the
// network), and close(), which undoes everything the backend started.
import type { CompanionControl } from '../pairings/control';
import type { Dispatch, Handlers } from '../host';
import { nextMeeting } from '../desktop';
import { toAssistantError } from '../errors';
import type { Foundation } from './foundation';
import type { CoreParts } from './parts';
import type { Backend, BackendOptions } from './types';

export function hostFacingBackend(
  options: BackendOptions,
  base: Foundation,
  parts: CoreParts,
  calls: { handlers: Handlers; dispatch: Dispatch; companion: CompanionControl },
): Backend {
  const { hub, log, connectivity, lifecycle } = base;
  const { manager, notifications, service } = parts;
  const { handlers } = calls;
  return {
    handlers,
    dispatch: calls.dispatch,
    companion: calls.companion,
    events: { subscribe: (listener) => hub.subscribe(listener), emit: hub.emit },
    log,
    language: parts.language,
    liveRuns: () => manager.list(),
    settings: () => parts.settings.get(),
    async nextMeeting() {
      if (!service.session.state().signedIn) return undefined;
      try {
        const cached = await handlers['briefings.meeting']({}, { host: options.hostKind });
        return nextMeeting(cached.value.data, base.now());
      } catch (error) {
        log.info('No next meeting for the tray', { error: toAssistantError(error).toData() });
        return undefined;
      }
    },
    onResume() {
      manager.reattachAll();
      void notifications.check('wake');
      void parts.autoPrep.wiring.check('wake');
    },
    onNetworkChange(online) {
      connectivity.setNetwork(online);
      if (online) {
        manager.reattachAll();
        void notifications.check('online');
        void parts.autoPrep.wiring.check('online');
      }
    },
    async close() {
      if (lifecycle.closed) return;
      lifecycle.closed = true;
      for (const cleanup of lifecycle.cleanups) cleanup();
      // Each part cancels its work in flight and settles before close() resolves: a notification
      // check answered late would otherwise write into a data directory the host may be removing.
      await Promise.all([
        // Automatic prep tells through the notifications, which write to the inbox.
        parts.autoPrep.wiring
          .close()
          .then(() => notifications.close())
          .then(() => parts.inbox.close()),
        manager.close(),
        parts.reader.close(),
        parts.pruning.settled(),
      ]);
      log.info('Backend closed');
      log.close();
      if (options.log === undefined) base.rootLog.close();
    },
  };
}
