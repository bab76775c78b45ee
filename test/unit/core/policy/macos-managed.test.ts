// The macOS reader against plists in the managed format, as data: a binary plist (what a
// configuration profile leaves in /Library/Managed Preferences) and an XML one, in a folder laid
// out as macOS lays it out (the machine's file, and one per user in a folder of their name).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMacManagedPolicies } from '../../../../electron/core/policy/macos-managed';
import { binaryPlist } from '../../../support/binary-plist';

const FILE = 'com.assistant.desktop.plist';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'managed-prefs-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const XML_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>MorningTime</key>
  <string>07:30</string>
  <key>AutomaticUpdates</key>
  <false/>
  <key>TranscriptMaxAgeDays</key>
  <integer>90</integer>
  <key>PayloadUUID</key>
  <string>9E8D7C6B-5A49-4382-B1C0-D0E1F2A3B4C5</string>
  <key>Logo</key>
  <data>AAEC</data>
  <key>Recommended</key>
  <dict>
    <key>Language</key>
    <string>de</string>
    <key>CompanionCrmDomains</key>
    <dict>
      <key>acme.my.salesforce.com</key>
      <string>salesforce</string>
    </dict>
  </dict>
</dict>
</plist>
`;

describe('readMacManagedPolicies', () => {
  it('reads the machine binary plist: booleans, integers, strings, the Recommended dictionary', async () => {
    await writeFile(
      join(root, FILE),
      binaryPlist({
        ServiceBaseUrl: 'https://assistant.example.com/api',
        AllowDemo: false,
        Companion: true,
        TranscriptMaxTotalMB: 2048,
        PrepAgent: 'prep-ü',
        CompanionCrmDomains: {
          'acme.lightning.force.com': 'salesforce',
          'app.hubspot.com': 'hubspot',
        },
        Recommended: { MorningTime: '08:15', LaunchAtLogin: true },
        Blob: Uint8Array.of(1, 2, 3),
        Updated: new Date('2026-11-29T10:00:00.000Z'),
        Ratio: { real: 0.5 },
      }),
    );
    const reads = await readMacManagedPolicies({ user: 'ana', root });
    expect(reads).toEqual([
      {
        source: 'macos-managed',
        mandatory: {
          ServiceBaseUrl: 'https://assistant.example.com/api',
          AllowDemo: false,
          Companion: true,
          TranscriptMaxTotalMB: 2048,
          PrepAgent: 'prep-ü',
          CompanionCrmDomains: {
            'acme.lightning.force.com': 'salesforce',
            'app.hubspot.com': 'hubspot',
          },
          // Data is left out; a date reads as its ISO string.
          Updated: '2026-11-29T10:00:00.000Z',
          Ratio: 0.5,
        },
        recommended: { MorningTime: '08:15', LaunchAtLogin: true },
      },
    ]);
  });

  it("reads the user's XML plist beside the machine's, machine first (a profile's Payload keys left out)", async () => {
    await writeFile(join(root, FILE), binaryPlist({ AllowDemo: false }));
    await mkdir(join(root, 'ana'));
    await writeFile(join(root, 'ana', FILE), XML_PROFILE);
    const reads = await readMacManagedPolicies({ user: 'ana', root });
    expect(reads).toEqual([
      { source: 'macos-managed', mandatory: { AllowDemo: false }, recommended: {} },
      {
        source: 'macos-managed-user',
        mandatory: { MorningTime: '07:30', AutomaticUpdates: false, TranscriptMaxAgeDays: 90 },
        recommended: {
          Language: 'de',
          CompanionCrmDomains: { 'acme.my.salesforce.com': 'salesforce' },
        },
      },
    ]);
  });

  it('reads long strings and many keys (lengths past a marker nibble)', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`Key${i}`, `value number ${i} is long`]),
    );
    await writeFile(join(root, FILE), binaryPlist(many));
    const [read] = await readMacManagedPolicies({ user: 'ana', root });
    expect(read).toEqual({ source: 'macos-managed', mandatory: many, recommended: {} });
  });

  it('is no source when neither file exists', async () => {
    expect(await readMacManagedPolicies({ user: 'ana', root })).toEqual([]);
    expect(await readMacManagedPolicies({ user: 'ana', root: join(root, 'absent') })).toEqual([]);
  });

  it('says why a file cannot be read: not a plist, truncated, not a dictionary, too deep', async () => {
    await writeFile(join(root, FILE), 'AllowDemo = NO;');
    await mkdir(join(root, 'ana'));
    const whole = binaryPlist({ AllowDemo: false });
    await writeFile(join(root, 'ana', FILE), whole.subarray(0, whole.length - 5));
    const reads = await readMacManagedPolicies({ user: 'ana', root });
    expect(reads).toEqual([
      { source: 'macos-managed', reason: expect.stringContaining('XML plist') },
      { source: 'macos-managed-user', reason: expect.stringContaining('binary plist') },
    ]);

    await writeFile(join(root, FILE), binaryPlist(['AllowDemo']));
    let deep: Parameters<typeof binaryPlist>[0] = 'bottom';
    for (let i = 0; i < 30; i += 1) deep = { Recommended: deep };
    await writeFile(join(root, 'ana', FILE), binaryPlist(deep));
    expect(await readMacManagedPolicies({ user: 'ana', root })).toEqual([
      { source: 'macos-managed', reason: expect.stringContaining('does not hold a dictionary') },
      { source: 'macos-managed-user', reason: expect.stringContaining('nested deeper') },
    ]);
  });

  it('refuses an object reference outside the file (no read past its end)', async () => {
    const bytes = binaryPlist({ AllowDemo: true });
    // The dictionary's value reference (its last byte) points at an object that does not exist.
    const dictAt = bytes.indexOf(0xd1);
    bytes[dictAt + 2] = 0x7f;
    await writeFile(join(root, FILE), bytes);
    expect(await readMacManagedPolicies({ user: 'ana', root })).toEqual([
      { source: 'macos-managed', reason: expect.stringContaining('out of range') },
    ]);
  });

  it('keeps a user name from leading out of the managed folder', async () => {
    await writeFile(join(root, FILE), binaryPlist({ AllowDemo: false }));
    const reads = await readMacManagedPolicies({ user: '..', root: join(root, 'sub') });
    expect(reads).toEqual([]);
    expect(await readMacManagedPolicies({ user: '../x', root })).toHaveLength(1);
  });

  it('keeps a __proto__ key as a value, never a prototype', async () => {
    await writeFile(join(root, FILE), binaryPlist({ ['__proto__']: { polluted: true } }));
    const [read] = await readMacManagedPolicies({ user: 'ana', root });
    expect(read !== undefined && 'mandatory' in read && Object.keys(read.mandatory)).toEqual([
      '__proto__',
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
