import { describe, expect, it } from 'vitest';
import {
  dealLinkId,
  decodeEntities,
  safeExternalUrl,
} from '../../../../../src/lib/markdown/inline';

describe('safeExternalUrl', () => {
  it('allows only http and https', () => {
    expect(safeExternalUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
      'mailto:a@b.c',
      '/relative',
      'vbscript:x',
    ]) {
      expect(safeExternalUrl(bad)).toBeNull();
    }
  });
});

describe('dealLinkId', () => {
  it('recognises in-app deal links', () => {
    expect(dealLinkId('deal:3f2b')).toBe('3f2b');
    expect(dealLinkId('#/deals/3f2b-11')).toBe('3f2b-11');
    expect(dealLinkId('assistant://deals/abc')).toBe('abc');
    expect(dealLinkId('https://crm.example.com/deals/abc')).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves the rest', () => {
    expect(decodeEntities('Q&amp;A &lt;b&gt; &#39;x&#39; &#x2014; &unknown; &')).toBe(
      "Q&A <b> 'x' — &unknown; &",
    );
    expect(decodeEntities('&#0; &#xD800;')).toBe('\ufffd \ufffd');
  });
});
