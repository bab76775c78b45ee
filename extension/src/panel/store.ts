// The panel's store over the real things (./createPanelStore makes it): the bridge's typed call,
// the preferences in the browser's storage, and the words of the language in use.
import { currentTranslator } from '../../../src/platform/i18n';
import type { Bridge } from '../bridge/bridge';
import { companionCall } from '../bridge/call';
import type { ChromeApi } from '../chrome';
import { createPanelStore, type PanelStoreHook } from './createPanelStore';
import { chromePreferences } from './preferences';

export function panelStore(bridge: Bridge, chrome: ChromeApi): PanelStoreHook {
  return createPanelStore({
    call: companionCall(bridge),
    preferences: chromePreferences(chrome),
    words: () => currentTranslator().t,
    openAppLink: (url) => window.open(url, '_self'),
  });
}
