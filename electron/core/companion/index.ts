// The browser companion's host side: the socket the relays connect to, the narrow contract it
// serves, the user's decisions about browsers, and the native-messaging registration data.
export { startCompanionHost, type CompanionHost, type CompanionHostOptions } from './host';
export { socketPath, companionDir, currentPlaceInputs, NATIVE_HOST_NAME } from './places';
export { SUBSET, CONTRACT_SUBSET, COMPANION_REQUESTS } from './subset';
