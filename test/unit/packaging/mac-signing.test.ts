// The unsigned macOS build signed ad hoc as a whole bundle (scripts/mac-signing/ad-hoc.ts): what
// is decided from codesign's own report, and which calls follow, against a stand-in for codesign
// that answers as macOS does. That the packaged bundle then verifies is the release's macOS job
// (`codesign --verify --deep --strict`), which only a Mac can run.
import { describe, expect, it } from 'vitest';
import {
  adHocSigningCalls,
  signAdHocWhenUnsigned,
  signedWithIdentity,
  SigningError,
  type Run,
} from '../../../scripts/mac-signing/ad-hoc';
import afterSign from '../../../scripts/mac-signing/after-sign.mjs';

const APP = '/build/release/mac-arm64/Assistant Desktop.app';
const RELAY = `${APP}/Contents/Resources/relay/assistant-relay`;

// What `codesign --display --verbose=2` prints (on stderr) for each kind of app.
const DEVELOPER_ID = [
  `Executable=${APP}/Contents/MacOS/Assistant Desktop`,
  'Identifier=com.assistant.desktop',
  'Format=app bundle with Mach-O thin (arm64)',
  'CodeDirectory v=20500 size=1234 flags=0x10000(runtime) hashes=27+7 location=embedded',
  'Signature size=9012',
  'Authority=Developer ID Application: Assistant Desktop authors (A1B2C3D4E5)',
  'Authority=Developer ID Certification Authority',
  'Authority=Apple Root CA',
  'TeamIdentifier=A1B2C3D4E5',
].join('\n');
const AD_HOC = [
  `Executable=${APP}/Contents/MacOS/Assistant Desktop`,
  'Identifier=Electron',
  'CodeDirectory v=20400 size=567 flags=0x20002(adhoc,linker-signed) hashes=12+0 location=embedded',
  'Signature=adhoc',
  'TeamIdentifier=not set',
  'Sealed Resources=none',
].join('\n');

/** codesign, as far as these calls go: answers `display` with `details`, each call by `status`. */
function codesign(details: { status: number; output: string }, failing?: string) {
  const calls: string[][] = [];
  const run: Run = (command, args) => {
    expect(command).toBe('codesign');
    calls.push([...args]);
    if (args[0] === '--display') return details;
    return args.includes(failing ?? '\0')
      ? { status: 1, output: `${APP}: a sealed resource is missing or invalid\n` }
      : { status: 0, output: '' };
  };
  return { run, calls };
}

describe('an unsigned macOS build, signed ad hoc', () => {
  it('tells a signature made with an identity from an ad hoc one or none', () => {
    expect(signedWithIdentity(DEVELOPER_ID)).toBe(true);
    expect(signedWithIdentity(AD_HOC)).toBe(false);
    expect(signedWithIdentity(`${APP}: code object is not signed at all`)).toBe(false);
  });

  it('signs the relay first, then the whole bundle deep, with identity "-" and no hardened runtime', () => {
    expect(adHocSigningCalls(APP, RELAY)).toEqual([
      ['--force', '--sign', '-', RELAY],
      ['--force', '--deep', '--sign', '-', APP],
    ]);
    expect(adHocSigningCalls(APP, undefined)).toEqual([['--force', '--deep', '--sign', '-', APP]]);
    for (const call of adHocSigningCalls(APP, RELAY)) expect(call.join(' ')).not.toMatch(/runtime/);
  });

  it('leaves a Developer ID build as electron-builder signed it', () => {
    const { run, calls } = codesign({ status: 0, output: DEVELOPER_ID });
    expect(signAdHocWhenUnsigned(APP, RELAY, run)).toMatchObject({ kind: 'identity' });
    expect(calls).toEqual([['--display', '--verbose=2', APP]]);
  });

  it('signs a build left with only the fuses’ ad hoc binary, or nothing, then verifies it strictly', () => {
    for (const details of [
      { status: 0, output: AD_HOC },
      { status: 1, output: `${APP}: code object is not signed at all` },
    ]) {
      const { run, calls } = codesign(details);
      expect(signAdHocWhenUnsigned(APP, RELAY, run)).toEqual({
        kind: 'ad-hoc',
        calls: adHocSigningCalls(APP, RELAY),
      });
      expect(calls.slice(1)).toEqual([
        ...adHocSigningCalls(APP, RELAY),
        ['--verify', '--deep', '--strict', '--verbose=2', APP],
      ]);
    }
  });

  it('fails the packaging, saying which call, when signing or the verification fails', () => {
    const adHoc = { status: 0, output: AD_HOC };
    expect(() => signAdHocWhenUnsigned(APP, undefined, codesign(adHoc, '--deep').run)).toThrow(
      SigningError,
    );
    expect(() => signAdHocWhenUnsigned(APP, undefined, codesign(adHoc, '--strict').run)).toThrow(
      /codesign --verify --deep --strict .* a sealed resource is missing/,
    );
  });

  it('is a hook that leaves Windows and Linux builds alone', () => {
    // Nothing is started for them: no tsx, no codesign (which would fail there).
    for (const platform of ['win32', 'linux']) {
      expect(
        afterSign({
          electronPlatformName: platform,
          appOutDir: '/nowhere',
          packager: { appInfo: { productFilename: 'Assistant Desktop' } },
        }),
      ).toBeUndefined();
    }
  });
});
