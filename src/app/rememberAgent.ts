// The agent last asked, kept across restarts in the user's settings (through the host, like every
// other preference): offered on the next deal until another is chosen. The two features never
// import each other, so the shell ties them.
import { useDeals } from '../features/deals';
import { useSettings } from '../features/settings';

let started = false;

export function startRememberingAgent(): void {
  if (started) return;
  started = true;
  // The one saved, once the settings are read, unless one was chosen since the start.
  const adopt = () => {
    const saved = useSettings.getState().settings.value?.lastAgentId;
    if (saved && useDeals.getState().lastAgentId === '') useDeals.setState({ lastAgentId: saved });
  };
  adopt();
  useSettings.subscribe(adopt);
  useDeals.subscribe((state, previous) => {
    const chosen = state.lastAgentId;
    if (chosen === previous.lastAgentId || chosen === '') return;
    const settings = useSettings.getState().settings.value;
    if (settings && settings.lastAgentId !== chosen) {
      void useSettings.getState().update({ lastAgentId: chosen });
    }
  });
}
