// Reports this page's focus to the host (`app.setFocus`): browser mode notifies a finished run
// only while no open page has focus. Focus and visibility both count: a tab in the background or
// a window behind another is not being looked at.
import { invoke, on } from './bridge';
import { createFocusReporter } from '../lib/focusReporter';

const MIN_INTERVAL_MS = 250;

let started = false;

function looking(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

export function startFocusReporting(): void {
  if (started) return;
  started = true;
  const reporter = createFocusReporter({
    send: (focused) => void invoke('app.setFocus', { focused }),
    minIntervalMs: MIN_INTERVAL_MS,
    now: () => performance.now(),
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  const update = () => reporter.update(looking());
  window.addEventListener('focus', update);
  window.addEventListener('blur', update);
  document.addEventListener('visibilitychange', update);
  update();

  // After the host was unreachable the socket is a new one, which the host does not know yet.
  let hostWasAway = false;
  on('connectivity.changed', ({ state }) => {
    if (state === 'host-unreachable') {
      hostWasAway = true;
    } else if (hostWasAway) {
      hostWasAway = false;
      reporter.resend();
    }
  });
}
