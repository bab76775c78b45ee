// The browser companion's requests, for the renderer only (Settings and the pairing banner).
import type { CompanionControl } from '../../pairings/control';
import type { Handlers } from '../dispatcher';

type CompanionHandlers = Pick<
  Handlers,
  'companion.browsers' | 'companion.decide' | 'companion.revoke'
>;

export function createCompanionHandlers(companion: CompanionControl): CompanionHandlers {
  return {
    'companion.browsers': () => companion.state(),
    'companion.decide': ({ origin, allow }) => companion.decide(origin, allow),
    'companion.revoke': ({ origin }) => companion.revoke(origin),
  };
}
