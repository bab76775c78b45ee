// The account feature's public entry for components other features show (see ./index for state).
export { ServiceSection, SessionSection } from './AccountSection';
