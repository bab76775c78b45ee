// Demo sessions: random opaque tokens, stored by their SHA-256 so the raw credential lives only in
// the cookie jar of whoever signed in. Sessions can expire (a TTL or on demand) or be revoked;
// an expired one is remembered so the 401 can say "expired" rather than "unknown".
import { createHash, randomBytes } from 'node:crypto';

export interface Session {
  /**
   * Who owns the runs it creates: the session itself (its token's digest, never the token), or
   * the one it renews. No other session sees them, whatever its email.
   */
  owner: string;
  email: string;
  createdAt: number;
  expiresAt: number | null;
  revoked: boolean;
}

export type SessionCheck =
  { ok: true; session: Session } | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

/** Characters a cookie value may hold without quoting. */
export const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{4,256}$/;

export function newToken(): string {
  return `demo_${randomBytes(24).toString('base64url')}`;
}

/** A sign-in password a person can type: four groups of four letters and digits (80 bits). */
export function newPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly now: () => number,
    private defaultTtlMs: number | null,
  ) {}

  /** A new session; `renews`: the token of a session whose runs it takes over (a re-sign-in). */
  create(
    options: { token?: string; email?: string; ttlMs?: number | null; renews?: string } = {},
  ): string {
    const token = options.token ?? newToken();
    if (!TOKEN_PATTERN.test(token))
      throw new Error('A session token must be 4-256 cookie-safe characters.');
    const ttl = options.ttlMs === undefined ? this.defaultTtlMs : options.ttlMs;
    const createdAt = this.now();
    const id = digest(token);
    const renewed =
      options.renews === undefined ? undefined : this.sessions.get(digest(options.renews));
    this.sessions.set(id, {
      owner: renewed?.owner ?? id,
      email: options.email ?? 'demo@example.com',
      createdAt,
      expiresAt: ttl === null ? null : createdAt + ttl,
      revoked: false,
    });
    return token;
  }

  check(token: string | undefined): SessionCheck {
    if (token === undefined || token === '') return { ok: false, reason: 'missing' };
    const session = this.sessions.get(digest(token));
    if (session === undefined || session.revoked) return { ok: false, reason: 'unknown' };
    if (session.expiresAt !== null && this.now() >= session.expiresAt) {
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, session };
  }

  /** Seconds the cookie should live, or undefined for a browser-session cookie. */
  remainingSeconds(token: string): number | undefined {
    const session = this.sessions.get(digest(token));
    if (session?.expiresAt == null) return undefined;
    return Math.max(0, (session.expiresAt - this.now()) / 1000);
  }

  expire(token: string): boolean {
    const session = this.sessions.get(digest(token));
    if (session === undefined) return false;
    session.expiresAt = Math.min(session.expiresAt ?? Number.POSITIVE_INFINITY, this.now());
    return true;
  }

  revoke(token: string): boolean {
    const session = this.sessions.get(digest(token));
    if (session === undefined) return false;
    session.revoked = true;
    return true;
  }

  revokeAll(): void {
    for (const session of this.sessions.values()) session.revoked = true;
  }

  setDefaultTtl(ttlMs: number | null): void {
    this.defaultTtlMs = ttlMs;
  }
}
