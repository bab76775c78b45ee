import { describe, expect, it } from 'vitest';
import { checkExternalUrl } from '../../../../electron/core/security/external-url';

describe('links opened in the user browser', () => {
  it('opens plain https and http links, normalised', () => {
    expect(checkExternalUrl('https://example.com/docs?q=1#top')).toEqual({
      ok: true,
      url: 'https://example.com/docs?q=1#top',
    });
    expect(checkExternalUrl('HTTP://Example.COM')).toEqual({
      ok: true,
      url: 'http://example.com/',
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)'],
    ['file:///etc/passwd'],
    ['file://server/share/run.exe'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['ms-msdt:/id PCWDiagnostic'],
    ['smb://attacker/share'],
    ['app://assistant/index.html'],
    ['assistant://deal/1'],
    ['mailto:someone@example.com'],
    ['about:blank'],
  ])('refuses the non-web scheme of %s', (raw) => {
    expect(checkExternalUrl(raw)).toMatchObject({ ok: false });
  });

  it('refuses links carrying credentials (https://user:pass@evil)', () => {
    expect(checkExternalUrl('https://user:pass@evil.example/')).toMatchObject({ ok: false });
    expect(checkExternalUrl('https://good.example@evil.example/')).toMatchObject({ ok: false });
  });

  it('refuses links the URL parser would silently rewrite', () => {
    expect(checkExternalUrl(' https://example.com')).toMatchObject({ ok: false });
    expect(checkExternalUrl('https://exa\tmple.com')).toMatchObject({ ok: false });
    expect(checkExternalUrl('https://example.com\n.evil')).toMatchObject({ ok: false });
    expect(checkExternalUrl('https://evil.example\\@good.example')).toMatchObject({ ok: false });
  });

  it('refuses relative, empty, oversized and non-string input', () => {
    expect(checkExternalUrl('/relative/path')).toMatchObject({ ok: false });
    expect(checkExternalUrl('')).toMatchObject({ ok: false });
    expect(checkExternalUrl(`https://example.com/${'a'.repeat(3000)}`)).toMatchObject({
      ok: false,
    });
    expect(checkExternalUrl(undefined)).toMatchObject({ ok: false });
    expect(checkExternalUrl({ href: 'https://example.com' })).toMatchObject({ ok: false });
  });
});
