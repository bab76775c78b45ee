// Which Chromium the browser tests launch on each OS (test/support/chromium.ts), with the file
// system and Playwright's download folder as inputs, so Windows and macOS are checked here too.
import { describe, expect, it } from 'vitest';
import { findChromium, requireChromium, systemChromiumPaths } from '../../support/chromium';

const PLAYWRIGHT_BUILD = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

function search(
  present: string[],
  env: Record<string, string> = {},
  platform: NodeJS.Platform = 'linux',
) {
  return {
    env,
    platform,
    exists: (file: string) => present.includes(file),
    playwrightBuild: () => PLAYWRIGHT_BUILD,
  };
}

describe('finding a Chromium', () => {
  it('takes CHROMIUM_PATH before anything else', () => {
    const found = findChromium(
      search(['/opt/chromium/chrome', PLAYWRIGHT_BUILD, '/usr/bin/chromium'], {
        CHROMIUM_PATH: '/opt/chromium/chrome',
      }),
    );
    expect(found).toEqual({ path: '/opt/chromium/chrome', source: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH that does not exist rather than quietly taking another', () => {
    const found = findChromium(
      search(['/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/gone/chrome' }),
    );
    expect(found).toEqual({
      missing: expect.stringMatching(
        /^CHROMIUM_PATH is set to \/opt\/gone\/chrome, which does not exist\. Install /,
      ),
    });
  });

  it("takes Playwright's own build once downloaded, before a system one", () => {
    expect(findChromium(search([PLAYWRIGHT_BUILD, '/usr/bin/chromium']))).toEqual({
      path: PLAYWRIGHT_BUILD,
      source: "Playwright's own build",
    });
    expect(findChromium(search(['/usr/bin/chromium']))).toEqual({
      path: '/usr/bin/chromium',
      source: 'the system',
    });
  });

  it('looks where each OS installs Chromium or Chrome', () => {
    expect(systemChromiumPaths({}, 'linux')[0]).toBe('/usr/bin/chromium');
    expect(systemChromiumPaths({}, 'linux')).toContain('/usr/bin/google-chrome');
    expect(systemChromiumPaths({}, 'darwin')).toEqual([
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ]);
    const windows = systemChromiumPaths(
      { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\dana\\AppData\\Local' },
      'win32',
    );
    expect(windows).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files\\Chromium\\Application\\chrome.exe',
      'C:\\Users\\dana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\dana\\AppData\\Local\\Chromium\\Application\\chrome.exe',
    ]);
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(findChromium(search([chrome], { PROGRAMFILES: 'C:\\Program Files' }, 'win32'))).toEqual({
      path: chrome,
      source: 'the system',
    });
  });

  it('searches only the places CHROMIUM_SYSTEM_PATHS lists, when set', () => {
    expect(systemChromiumPaths({ CHROMIUM_SYSTEM_PATHS: '/a/chrome:/b/chrome' }, 'linux')).toEqual([
      '/a/chrome',
      '/b/chrome',
    ]);
    expect(systemChromiumPaths({ CHROMIUM_SYSTEM_PATHS: 'C:\\a.exe;D:\\b.exe' }, 'win32')).toEqual([
      'C:\\a.exe',
      'D:\\b.exe',
    ]);
    expect(
      findChromium(search(['/usr/bin/chromium'], { CHROMIUM_SYSTEM_PATHS: '' })),
    ).toHaveProperty('missing');
  });

  it('says where it looked and what to install on this OS when there is none', () => {
    const linux = findChromium(search([]));
    expect(linux).toEqual({
      missing: expect.stringContaining(
        `looked at CHROMIUM_PATH (not set), Playwright's own build (${PLAYWRIGHT_BUILD}), /usr/bin/chromium, `,
      ),
    });
    expect(linux).toEqual({
      missing: expect.stringContaining(
        "Install Chromium from your distribution (Debian/Ubuntu: `sudo apt-get install chromium`), or Playwright's own build with `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.",
      ),
    });
    expect(findChromium(search([], {}, 'darwin'))).toEqual({
      missing: expect.stringContaining(
        'Install Google Chrome, or Chromium (`brew install --cask chromium`)',
      ),
    });
    expect(findChromium(search([], {}, 'win32'))).toEqual({
      missing: expect.stringContaining('Install Google Chrome, or Playwright'),
    });
    expect(() => requireChromium(search([]))).toThrow(/^No Chromium for the browser tests: /);
  });
});
