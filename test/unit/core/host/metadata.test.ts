// The metadata the screens get: the documented fields, and the user's name when the service sends
// one beside `userId` (the spec shows only the identifier, which the sidebar showed raw).
import { describe, expect, it } from 'vitest';
import { ServiceMetadata } from '../../../../electron/contract';
import { Metadata } from '../../../../electron/core/api/schemas';
import { toMetadata } from '../../../../electron/core/api/contract-records';
import { metadata } from '../../contract/samples';

function withPrincipal(extra: Record<string, unknown>) {
  return Metadata.parse({ ...metadata, principal: { ...metadata.principal, ...extra } });
}

describe('toMetadata', () => {
  it('keeps the documented principal as it is when the service sends no name', () => {
    const shown = toMetadata(Metadata.parse(metadata));
    expect(shown.principal).toEqual(metadata.principal);
    expect(ServiceMetadata.parse(shown)).toEqual(shown);
  });

  it('takes the user’s name from the usual keys, the most specific first', () => {
    const name = (extra: Record<string, unknown>) =>
      toMetadata(withPrincipal(extra)).principal.name;
    expect(name({ display_name: 'Alex Morgan', email: 'alex@example.com' })).toBe('Alex Morgan');
    expect(name({ FullName: ' Alex Morgan ' })).toBe('Alex Morgan');
    expect(name({ email: 'alex@example.com' })).toBe('alex@example.com');
    expect(name({ user: { name: 'Alex Morgan', id: 'u1' } })).toBe('Alex Morgan');
  });

  it('leaves the name out when none is text', () => {
    const shown = toMetadata(withPrincipal({ name: '', displayName: 42, user: ['Alex'] }));
    expect(shown.principal).not.toHaveProperty('name');
    expect(shown.principal.userId).toBe('usr_1');
  });

  it('shows the user’s and the organisation’s names as sent, without bidi or control characters', () => {
    const shown = toMetadata(
      Metadata.parse({
        ...metadata,
        org: { ...metadata.org, name: 'Acme \u2067Corp\u2069' },
        principal: { ...metadata.principal, userId: 'usr_\u202e1', name: 'Mallory \u202enimda' },
      }),
    );
    expect(shown.principal.name).toBe('Mallory nimda');
    expect(shown.principal.userId).toBe('usr_1');
    expect(shown.org.name).toBe('Acme Corp');
  });
});
