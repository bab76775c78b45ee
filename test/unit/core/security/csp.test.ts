import { describe, expect, it } from 'vitest';
import {
  APP_CONTENT_SECURITY_POLICY,
  buildContentSecurityPolicy,
  devContentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../../../electron/core/security/csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the renderer Content-Security-Policy', () => {
  const policy = directives(APP_CONTENT_SECURITY_POLICY);

  it('runs only the app own scripts: no inline, no eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(APP_CONTENT_SECURITY_POLICY).not.toContain('unsafe-');
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });

  it('lets the renderer connect nowhere by itself', () => {
    expect(policy.get('connect-src')).toEqual(["'none'"]);
  });

  it('forbids plugins, frames, base rewriting, forms and being framed', () => {
    for (const name of ['object-src', 'frame-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(policy.get(name)).toEqual(["'none'"]);
    }
  });

  it('lets browser mode name its own socket, and nothing broad', () => {
    const web = directives(buildContentSecurityPolicy({ connectSrc: ['ws://127.0.0.1:5173'] }));
    expect(web.get('connect-src')).toEqual(['ws://127.0.0.1:5173']);
    expect(web.get('script-src')).toEqual(["'self'"]);
    for (const broad of ['*', 'ws:', 'https:', "'unsafe-eval'", 'ws://a; script-src *', '']) {
      expect(() => buildContentSecurityPolicy({ connectSrc: [broad] })).toThrow();
    }
  });

  it('relaxes inline scripts only for a loopback dev server, and never allows eval', () => {
    const dev = devContentSecurityPolicy('http://127.0.0.1:5173');
    expect(dev).toContain("connect-src 'self' ws://127.0.0.1:5173");
    expect(dev).not.toContain('unsafe-eval');
    expect(() => devContentSecurityPolicy('http://192.168.1.10:5173')).toThrow();
  });

  it('replaces whatever policy the dev server sent, in any letter case', () => {
    expect(
      withContentSecurityPolicy(
        { 'content-security-policy': ['script-src *'], 'Content-Type': ['text/html'] },
        "default-src 'none'",
      ),
    ).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'none'"] });
    expect(withContentSecurityPolicy(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] });
  });
});
