// An unsigned macOS build, signed ad hoc as a whole bundle so that it opens. Without a signing
// identity electron-builder signs nothing, and the fuses' resetAdHocDarwinSignature re-signs only
// the main binary whose fuses it flipped: the bundle's seal stays broken, and Apple Silicon
// refuses the app as "damaged and can't be opened", with no way around it from the Finder
// (electron-builder#5850). Signed ad hoc (identity `-`, deep), Gatekeeper treats it as an app
// from an unidentified developer instead, which the user may open once on purpose
// (docs/releasing.md says how). A build electron-builder signed with a Developer ID is left as
// it is: only an app whose signature names no authority is re-signed.
//
// No hardened runtime on the ad hoc signature: with it, library validation would refuse to load
// the bundle's own frameworks, which carry no Team ID either.

/** Runs a program without a shell; its exit status and both output streams. */
export type Run = (
  command: string,
  args: readonly string[],
) => { status: number | null; output: string };

/**
 * `codesign --display --verbose=2` names the certificate chain on `Authority=` lines for a
 * signature made with an identity; an ad hoc one says `Signature=adhoc` and names none, and an
 * unsigned app is "not signed at all".
 */
export function signedWithIdentity(details: string): boolean {
  return /^Authority=/m.test(details);
}

/**
 * The codesign calls, in order: the relay first (a program among the bundle's resources, which
 * the bundle's seal covers as it is, so it must be signed before the seal is made), then the
 * whole bundle, every nested framework and helper included.
 */
export function adHocSigningCalls(app: string, relay: string | undefined): string[][] {
  return [
    ...(relay === undefined ? [] : [['--force', '--sign', '-', relay]]),
    ['--force', '--deep', '--sign', '-', app],
  ];
}

export type SigningOutcome =
  { kind: 'identity'; details: string } | { kind: 'ad-hoc'; calls: string[][] };

export class SigningError extends Error {
  override name = 'SigningError';
}

/**
 * Leaves an app signed with an identity alone; signs any other ad hoc, then verifies the bundle
 * as Gatekeeper will (`--deep --strict`). Throws a SigningError saying which call failed.
 */
export function signAdHocWhenUnsigned(
  app: string,
  relay: string | undefined,
  run: Run,
): SigningOutcome {
  const display = run('codesign', ['--display', '--verbose=2', app]);
  if (display.status === 0 && signedWithIdentity(display.output)) {
    return { kind: 'identity', details: display.output };
  }
  const calls = adHocSigningCalls(app, relay);
  for (const args of [...calls, ['--verify', '--deep', '--strict', '--verbose=2', app]]) {
    const result = run('codesign', args);
    if (result.status !== 0) {
      throw new SigningError(
        `codesign ${args.join(' ')} failed (${String(result.status)}): ${result.output.trim()}`,
      );
    }
  }
  return { kind: 'ad-hoc', calls };
}
