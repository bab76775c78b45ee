// On Windows and Linux the OS hands a deep link to the app as a command-line argument, on first
// launch (process.argv) and to the running instance (the `second-instance` argv). The argument list
// also carries the executable, the app path in development and Chromium's own switches; only an
// argument that claims our scheme is a candidate, and the parser still decides whether it is valid.

import { DEEP_LINK_SCHEME } from './link';

const CLAIMS_SCHEME = new RegExp(`^${DEEP_LINK_SCHEME}:`, 'i');

/** The first argument (after the executable) that claims the `assistant:` scheme, if any. */
export function findDeepLinkArgument(argv: readonly string[]): string | undefined {
  return argv.slice(1).find((arg) => CLAIMS_SCHEME.test(arg));
}
