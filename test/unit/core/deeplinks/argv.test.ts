import { describe, expect, it } from 'vitest';
import {
  createDeepLinkInbox,
  findDeepLinkArgument,
  type DeepLink,
} from '../../../../electron/core/deeplinks';

describe('findDeepLinkArgument', () => {
  it('finds the link a packaged Windows app is launched with', () => {
    const argv = ['C:\\Apps\\Assistant Desktop.exe', 'assistant://run/abc'];
    expect(findDeepLinkArgument(argv)).toBe('assistant://run/abc');
  });

  it('finds it in development argv and among Chromium switches of a second instance', () => {
    const argv = [
      '/usr/lib/electron/electron',
      '/home/me/assistant-desktop',
      '--allow-file-access-from-files',
      'assistant://deal/x',
      '--original-process-start-time=1',
    ];
    expect(findDeepLinkArgument(argv)).toBe('assistant://deal/x');
  });

  it('ignores the executable and unrelated arguments', () => {
    expect(findDeepLinkArgument(['assistant:/path/that/is/the/exe'])).toBeUndefined();
    expect(findDeepLinkArgument(['exe', '--flag', 'https://example.com'])).toBeUndefined();
    expect(findDeepLinkArgument([])).toBeUndefined();
  });

  it('hands on a malformed claim so the parser can refuse it and say why', () => {
    expect(findDeepLinkArgument(['exe', 'ASSISTANT:evil'])).toBe('ASSISTANT:evil');
  });
});

describe('createDeepLinkInbox', () => {
  const deal: DeepLink = { screen: 'deal', id: '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b' };
  const run: DeepLink = { screen: 'run', id: 'r1' };

  it('keeps the latest link until the window can show it', () => {
    const inbox = createDeepLinkInbox();
    inbox.push(deal);
    inbox.push(run);
    const seen: DeepLink[] = [];
    inbox.attach((link) => seen.push(link));
    expect(seen).toEqual([run]);
    expect(inbox.pending()).toBeUndefined();
  });

  it('delivers at once while attached, and keeps links again after detaching', () => {
    const inbox = createDeepLinkInbox();
    const seen: DeepLink[] = [];
    const detach = inbox.attach((link) => seen.push(link));
    inbox.push(deal);
    detach();
    inbox.push(run);
    expect(seen).toEqual([deal]);
    expect(inbox.pending()).toEqual(run);
  });
});
