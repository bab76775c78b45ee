import { describe, expect, it } from 'vitest';
import { parseDevServerUrl } from '../../../../electron/core/security/dev-server';

describe('the dev server address (npm run dev)', () => {
  it('accepts Vite on this computer', () => {
    expect(parseDevServerUrl('http://127.0.0.1:5173/')).toEqual({
      url: 'http://127.0.0.1:5173/',
      origin: 'http://127.0.0.1:5173',
    });
    expect(parseDevServerUrl('http://localhost:5173')).toMatchObject({
      origin: 'http://localhost:5173',
    });
  });

  it.each([
    undefined,
    '',
    'http://192.168.1.20:5173/',
    'https://evil.example/',
    'file:///tmp/index.html',
    'http://a:b@127.0.0.1:5173/',
    'nonsense',
  ])('refuses %s', (raw) => {
    expect(parseDevServerUrl(raw)).toBeUndefined();
  });
});
