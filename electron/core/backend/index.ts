// The composition root of core: builds the services (settings, session, API client, cache, runs,
// notifications, logs) and the contract's handler table, the same for every host. A host adds
// only what it alone can do (a secret store, opening links and windows, showing notifications)
// and carries the calls and events (Electron IPC, the browser-mode socket). The stages live in
// backend/: the foundation (logs, events, connectivity, notices), the parts (service and session,
// cache, runs, inbox, notifications), their reactions to one another, the handler table, and the
// Backend a host holds.
import { createCompanionControl } from '../pairings/control';
import { createDispatcher } from '../host';
import { createHandlerTable } from './handler-table';
import { createFoundation, type Foundation } from './foundation';
import { hostFacingBackend } from './host-facing';
import { createCoreParts, type CoreParts } from './parts';
import { wireReactions } from './reactions';
import type { Backend, BackendOptions } from './types';

export { APP_DISPLAY_NAME } from '../host/handlers';
export type { DemoServiceInfo } from '../service';
export type { Backend, BackendOptions } from './types';

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const base = await createFoundation(options);
  const parts = await createCoreParts(options, base);
  const { forgetUserData, switching } = wireReactions(options, base, parts);
  const { log, secrets, journal } = base;
  const companion = createCompanionControl(base.hub.emit);
  const handlers = createHandlerTable(options, {
    service: parts.service,
    notices: base.notices,
    connectivity: base.connectivity,
    settings: parts.settings,
    systemLanguages: parts.language.systemLanguages,
    locale: () => parts.language.translator().locale,
    journal,
    logFile: log.filePath,
    secrets,
    manager: parts.manager,
    reader: parts.reader,
    api: parts.api,
    quota: parts.quota,
    inbox: parts.inbox,
    autoPrep: parts.autoPrep,
    now: base.now,
    forgetUserData,
    switching,
    companion,
    emitNavigate: (target) => base.hub.emit('navigate', target),
  });
  const dispatch = createDispatcher(handlers, {
    log: log.child('dispatch'),
    secrets,
    onError: (name, error) => journal.record(name, error),
  });
  startWork(options, base, parts);
  return hostFacingBackend(options, base, parts, { handlers, dispatch, companion });
}

/** The work core does on its own from the start: interrupted runs resumed, a first check. */
function startWork(options: BackendOptions, base: Foundation, parts: CoreParts): void {
  const { log } = base;
  const { manager, pruning, notifications, service } = parts;
  // The interrupted runs are attached before the first prune, so it leaves them be.
  void manager
    .resumeInterrupted()
    .then((resumed) => {
      if (resumed.length > 0) log.info('Resumed interrupted runs', { count: resumed.length });
    })
    .catch((error: unknown) => log.error('Could not resume interrupted runs', { error }))
    .then(pruning.prune);
  // Automatic prep reads the meeting briefing after the start-up check has done its reading, so
  // the service is not asked twice at once (and a check held by the service stays the only one).
  void notifications.check('start').then(() => parts.autoPrep.wiring.check('start'));
  log.info('Backend started', {
    host: options.hostKind,
    version: options.appVersion,
    demo: service.targets.current().demo,
    session: service.session.state().signedIn ? 'signed in' : 'signed out',
  });
}
