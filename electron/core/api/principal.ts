// The user's name in the service's principal (spec §2.2 shows only `userId`): read where services
// usually put it, for the screens and `assistant status`, which show it rather than the id.
import { findText } from '../../domain/records/roles';

/** Where a principal may carry its user's name beside `userId`; first wins. */
const NAME_KEYS = ['displayName', 'name', 'fullName', 'userName', 'email'];

/** The user's name from the principal's own keys, or from a `user` object inside it. */
export function principalName(principal: Record<string, unknown>): string | undefined {
  return findText(principal, NAME_KEYS) ?? findText(principal.user, NAME_KEYS);
}
