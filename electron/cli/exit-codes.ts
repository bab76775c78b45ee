// The command's exit codes, promised in `--help` and docs/command-line.md: scripts branch on them, so each
// error kind maps to exactly one code and the table below is the single source of truth.
import type { AssistantError } from '../core/assistant-error';

export const EXIT = {
  ok: 0,
  /** The run failed or was cancelled. */
  runUnsuccessful: 1,
  /** Invalid usage or input, refused before anything was sent. */
  usage: 2,
  /** Not signed in, or the session expired. */
  unauthorized: 3,
  /** Any other error the service (or something answering for it) returned. */
  service: 4,
  /** The service could not be reached: network failure or timeout. */
  unreachable: 5,
  /** Interrupted with Ctrl-C (128 + SIGINT, as shells report it). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** One code per error kind; see AssistantErrorKind for what each kind means. */
export function exitCodeFor(error: AssistantError): ExitCode {
  switch (error.kind) {
    case 'invalid_input':
      return EXIT.usage;
    case 'unauthorized':
      return EXIT.unauthorized;
    case 'network':
    case 'timeout':
      return EXIT.unreachable;
    case 'aborted':
      return EXIT.interrupted;
    // `internal` (a bug of ours) is not "unreachable", which would send people to their network.
    case 'internal':
    case 'service':
    case 'bad_response':
    case 'schema':
    case 'quota':
      return EXIT.service;
  }
}

export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    the run failed or was cancelled
  2    invalid usage or input (nothing was sent)
  3    not signed in, or the session expired
  4    another error from the service
  5    the service could not be reached (network error or timeout)
  130  interrupted with Ctrl-C (a followed run keeps running on the service)`;
