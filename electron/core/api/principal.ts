// The user's name in the service's principal (spec §2.2 shows only `userId`): read where services
// usually put it, for the screens and `assistant status`, which show it rather than the id.
import { normaliseKey } from '../../contract/record-roles';

/** Where a principal may carry its user's name beside `userId`; first wins. */
const NAME_KEYS = ['displayname', 'name', 'fullname', 'username', 'email'];

function nameIn(record: Record<string, unknown>): string | undefined {
  const byKey = new Map(Object.entries(record).map(([key, value]) => [normaliseKey(key), value]));
  for (const key of NAME_KEYS) {
    const value = byKey.get(key);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The user's name from the principal's own keys, or from a `user` object inside it. */
export function principalName(principal: Record<string, unknown>): string | undefined {
  const user = principal.user;
  return (
    nameIn(principal) ??
    (typeof user === 'object' && user !== null && !Array.isArray(user)
      ? nameIn(user as Record<string, unknown>)
      : undefined)
  );
}
