// The panel's Linux hint (which browsers the companion works with there) is shown from the
// browser's user agent: real ones, as each browser sends it with Chrome's reduced user agent.
import { describe, expect, it } from 'vitest';
import { runsOnLinux } from '../../../extension/src/panel/browser-os';

const CHROME = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('whether the panel runs on Linux', () => {
  it('is so for Chrome, Chromium, Brave and Edge on Linux, headless too', () => {
    for (const agent of [
      `Mozilla/5.0 (X11; Linux x86_64) ${CHROME}`,
      `Mozilla/5.0 (X11; Linux x86_64) ${CHROME} Edg/156.0.0.0`,
      `Mozilla/5.0 (X11; Linux x86_64) ${CHROME.replace('Chrome/', 'HeadlessChrome/')}`,
      `Mozilla/5.0 (X11; Linux aarch64) ${CHROME}`,
    ]) {
      expect(runsOnLinux(agent), agent).toBe(true);
    }
  });

  it('is not so on Windows, macOS, ChromeOS or Android', () => {
    for (const agent of [
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME}`,
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${CHROME}`,
      `Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) ${CHROME}`,
      `Mozilla/5.0 (Linux; Android 10; K) ${CHROME.replace('Safari', 'Mobile Safari')}`,
    ]) {
      expect(runsOnLinux(agent), agent).toBe(false);
    }
  });
});
