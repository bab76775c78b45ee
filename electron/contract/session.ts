// The session as the renderer may know it: whether there is one, never what it is.
import { z } from './zod';

export const SessionStatus = z.object({
  signedIn: z.boolean(),
  /** The service answered `unauthorized`: ask the user to sign in again; parked runs resume after. */
  expired: z.boolean(),
  /** Where the session is kept between launches. */
  storage: z.enum(['encrypted', 'memory-only']),
  /** Why it is memory-only (e.g. no keyring), to tell the user. */
  storageReason: z.string().optional(),
  /** The host can open the service's sign-in page in a window of its own. */
  canSignInWithWindow: z.boolean(),
});
export type SessionStatus = z.infer<typeof SessionStatus>;

/**
 * A pasted `sb-access-token` value (a bare value or `sb-access-token=<value>`). Input only: the
 * token never appears in any output or event.
 */
export const SetTokenInput = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1, 'Paste the session token.')
    .max(8192, 'That is too long to be a session token.')
    .regex(
      /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/,
      'A session token has no spaces, quotes, commas or semicolons.',
    ),
});
