export {
  DEEP_LINK_SCHEME,
  MAX_DEEP_LINK_LENGTH,
  DeepLinkSchema,
  parseDeepLink,
  formatDeepLink,
} from './link';
export type { DeepLink, DeepLinkRefusal, DeepLinkResult } from './link';
export { findDeepLinkArgument } from './argv';
export { createDeepLinkInbox } from './pending';
export type { DeepLinkInbox } from './pending';
