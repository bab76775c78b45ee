// Where a macOS app may be registered from: Applications (or anywhere that stays), not a disk
// image's mount nor Gatekeeper's translocated copy, whose paths are gone after an eject or a
// restart. macOS paths, checked on any OS: the rule reads the path alone.
import { describe, expect, it } from 'vitest';
import { installLocationProblem } from '../../../../electron/companion/registration/install-location';

const BINARY = 'Assistant Desktop.app/Contents/MacOS/Assistant Desktop';

describe('where the installed app runs from', () => {
  it('is fine in Applications, the user’s own Applications, or any folder of the disk', () => {
    for (const path of [
      `/Applications/${BINARY}`,
      `/Users/mia/Applications/${BINARY}`,
      `/Users/mia/Desktop/${BINARY}`,
      // A folder merely named like the places below is not one of them.
      `/Users/mia/Volumes/${BINARY}`,
      `/Users/mia/AppTranslocation/${BINARY}`,
    ]) {
      expect(installLocationProblem('darwin', path), path).toBeUndefined();
    }
  });

  it('is a disk image (or another volume that can go) under /Volumes', () => {
    expect(
      installLocationProblem('darwin', `/Volumes/Assistant Desktop 1.2.3-arm64/${BINARY}`),
    ).toBe('disk-image');
    expect(installLocationProblem('darwin', `/Volumes/USB/Apps/${BINARY}`)).toBe('disk-image');
    // Spelled through `..`, it is still there.
    expect(installLocationProblem('darwin', `/Applications/../Volumes/Image/${BINARY}`)).toBe(
      'disk-image',
    );
  });

  it('is translocated under /private/var/folders/…/AppTranslocation/, /var spelled either way', () => {
    const copy = '/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/AppTranslocation';
    const uuid = 'A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF';
    expect(installLocationProblem('darwin', `/private${copy}/${uuid}/d/${BINARY}`)).toBe(
      'translocated',
    );
    expect(installLocationProblem('darwin', `${copy}/${uuid}/d/${BINARY}`)).toBe('translocated');
    // A disk image opened in place, then translocated: the copy is what runs.
    expect(
      installLocationProblem('darwin', `/private${copy}/${uuid}/d/Volumes/Image/${BINARY}`),
    ).toBe('translocated');
  });

  it('is never a problem on Windows or Linux, whose installers choose the place', () => {
    expect(installLocationProblem('linux', `/Volumes/x/${BINARY}`)).toBeUndefined();
    expect(
      installLocationProblem('win32', 'C:\\Users\\mia\\AppData\\Local\\Programs\\A\\A.exe'),
    ).toBeUndefined();
  });
});
