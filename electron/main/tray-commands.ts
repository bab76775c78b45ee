// What each tray menu command does: open or navigate the window, or call core through the
// contract (start a Prepare run, cancel a run, switch Do not disturb), logging what fails.
import { LiveRunSummary, type Navigate } from '../contract';
import type { Backend } from '../core/backend';
import type { TrayCommand } from '../core/desktop';
import type { Logger } from '../core/logs/logger';

export interface TrayCommandDeps {
  backend: Pick<Backend, 'dispatch'>;
  log: Logger;
  /** How the tray's calls reach core (always the Electron host). */
  context: { host: 'electron' };
  show(): void;
  navigate(target: Navigate): void;
  quit(): void;
}

export function runTrayCommand(command: TrayCommand, deps: TrayCommandDeps): void {
  const { backend, log, context } = deps;
  switch (command.type) {
    case 'open':
      deps.show();
      return;
    case 'today':
      deps.navigate({ screen: 'today' });
      return;
    case 'deal-picker':
      deps.navigate({ screen: 'deals', focus: 'search' });
      return;
    case 'open-meeting':
      deps.navigate({ screen: 'today', id: 'meeting' });
      return;
    case 'open-inbox':
      deps.navigate({ screen: 'today', focus: 'inbox' });
      return;
    case 'prepare':
      void backend.dispatch('runs.start', command.run, context).then((result) => {
        if (result.ok) {
          deps.navigate({ screen: 'runs', id: LiveRunSummary.parse(result.data).runId });
        } else {
          log.warn('Prepare from the tray failed', { error: result.error });
          deps.navigate({ screen: 'today', id: 'meeting' });
        }
      });
      return;
    case 'open-run':
      deps.navigate({ screen: 'runs', id: command.runId });
      return;
    case 'cancel-run':
      void backend.dispatch('runs.cancel', { runId: command.runId }, context).then((result) => {
        if (!result.ok) log.warn('Cancel from the tray failed', { error: result.error });
      });
      return;
    case 'toggle-dnd':
      void backend
        .dispatch('settings.update', { notifications: { doNotDisturb: command.enabled } }, context)
        .then((result) => {
          if (!result.ok) log.warn('Do-not-disturb from the tray failed', { error: result.error });
        });
      return;
    case 'quit':
      deps.quit();
      return;
  }
}
