// The browser companion's host side: the socket the relays connect to, the narrow contract it
// serves, the user's decisions about browsers, and the native-messaging registration data.
export {
  startCompanionHost,
  type CompanionHost,
  type CompanionHostOptions,
  type PairingRequest,
} from './host';
export { createCompanionControl, type CompanionControl } from '../core/pairings/control';
export {
  BACKGROUND_FLAG,
  NATIVE_HOST_NAME,
  companionDir,
  currentPlaceInputs,
  socketPlace,
  type PlaceInputs,
  type SocketPlace,
} from './places';
export {
  applyRegistration,
  registrationPlan,
  removeRegistration,
  UNREGISTER_FLAG,
  type RegistryAccess,
} from './registration/registration';
export {
  relayRegistry,
  RegistryError,
  runRelay,
  type RunRelay,
} from './registration/relay-registry';
export {
  registrationTarget,
  relayPathOf,
  REGISTER_SWITCH_ENV,
  type AppRun,
} from './registration/registration-target';
export { SUBSET, CONTRACT_SUBSET, COMPANION_REQUESTS } from './subset';
export { startCompanion, COMPANION_SWITCH_ENV } from './start';
export { startCompanionFollowingSetting, type FollowedCompanion } from './follow-setting';
