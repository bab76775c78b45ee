// The extension's only stored data: the user's preferences (the agent asked last), in
// chrome.storage.local. Never the session, a deal or an answer.
import type { ChromeApi } from '../chrome';

export interface Preferences {
  lastAgent(): Promise<string | undefined>;
  rememberAgent(agentId: string): Promise<void>;
}

const LAST_AGENT = 'lastAgentId';

export function chromePreferences(chrome: ChromeApi): Preferences {
  return {
    async lastAgent() {
      const stored = await chrome.storage.local.get([LAST_AGENT]);
      const value = stored[LAST_AGENT];
      return typeof value === 'string' && value.length <= 200 ? value : undefined;
    },
    async rememberAgent(agentId) {
      await chrome.storage.local.set({ [LAST_AGENT]: agentId });
    },
  };
}
