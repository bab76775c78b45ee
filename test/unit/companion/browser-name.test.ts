import { describe, expect, it } from 'vitest';
import { browserNamed, extensionBuildOf } from '../../../electron/companion/browser-name';
import { DEVELOPMENT_EXTENSION_ID } from '../../../electron/companion/registration/extension-ids';

describe('naming the browser from the relay’s parent process', () => {
  it.each([
    ['chrome', 'chrome'],
    ['Google Chrome', 'chrome'],
    ['google-chrome', 'chrome'],
    ['chrome.exe', 'chrome'],
    ['chromium', 'chromium'],
    ['chromium-browse', 'chromium'],
    ['chromium-browser', 'chromium'],
    ['msedge', 'edge'],
    ['Microsoft Edge', 'edge'],
    ['brave', 'brave'],
    ['Brave Browser', 'brave'],
    ['firefox', 'firefox'],
    ['firefox-esr', 'firefox'],
    ['bash', undefined],
    ['', undefined],
    [undefined, undefined],
    ['constructor', undefined],
  ])('%s → %s', (name, expected) => {
    expect(browserNamed(name)).toBe(expected);
  });
});

describe('which build of the extension an origin is', () => {
  it('knows the development id, the stores’ ids the app was built with, and nothing else', () => {
    expect(extensionBuildOf(`chrome-extension://${DEVELOPMENT_EXTENSION_ID}/`)).toBe('development');
    expect(extensionBuildOf(`chrome-extension://${'a'.repeat(32)}/`)).toBe('other');
    expect(extensionBuildOf(`chrome-extension://${'a'.repeat(32)}/`, ['a'.repeat(32)])).toBe(
      'store',
    );
    expect(extensionBuildOf('https://example.com/')).toBe('other');
  });
});
