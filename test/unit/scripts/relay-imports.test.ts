// The relay's import table check (scripts/relay-imports/): the DLLs a Windows executable imports,
// read from hand-built files (test/support/pe-file.ts), and the rule that fails any a clean Windows
// 10/11 lacks. The built relay itself is read by test/integration/companion/relay-imports.test.ts.
import { describe, expect, it } from 'vitest';
import { missingOnCleanWindows } from '../../../scripts/relay-imports/clean-windows';
import { PeFormatError, readPeImports } from '../../../scripts/relay-imports/pe-imports';
import { peFile } from '../../support/pe-file';

const RUST_STD_MSVC = [
  'KERNEL32.dll',
  'ntdll.dll',
  'bcryptprimitives.dll',
  'api-ms-win-core-synch-l1-2-0.dll',
  'WS2_32.dll',
  'USERENV.dll',
];

describe('reading the DLLs a Windows executable imports', () => {
  it('lists the import table’s DLLs in order, as the file spells them, for PE32+ and PE32', () => {
    for (const format of ['PE32+', 'PE32'] as const) {
      const { bytes } = peFile({ format, imports: RUST_STD_MSVC });
      expect(readPeImports(bytes)).toEqual({ imports: RUST_STD_MSVC, delayImports: [] });
    }
  });

  it('lists the delay-loaded DLLs apart, and an executable without imports as none', () => {
    const { bytes } = peFile({ imports: ['KERNEL32.dll'], delayImports: ['VCRUNTIME140.dll'] });
    expect(readPeImports(bytes)).toEqual({
      imports: ['KERNEL32.dll'],
      delayImports: ['VCRUNTIME140.dll'],
    });
    expect(readPeImports(peFile({}).bytes)).toEqual({ imports: [], delayImports: [] });
  });

  it('refuses a file that is not a PE executable, or is cut short, saying where', () => {
    const read = (bytes: Uint8Array) => () => readPeImports(bytes);
    expect(read(new TextEncoder().encode('{"name": "not an exe"}'))).toThrow(
      new PeFormatError('not a Windows executable: no "MZ" at its start'),
    );
    expect(read(new Uint8Array([0x4d]))).toThrow(
      /^the DOS header at offset 0 \(2 bytes\) is past the end of the file \(1 bytes\)$/,
    );
    const { bytes, at } = peFile({ imports: ['KERNEL32.dll'] });
    expect(read(bytes.subarray(0, 0x50))).toThrow(/^the COFF header at offset 84 .* past the end/);
    expect(read(bytes.subarray(0, at.sectionHeader + 20))).toThrow(
      /^section header 0 at offset \d+ \(4 bytes\) is past the end of the file/,
    );
    // The section's data promised by its header but cut off: the table is read past the end.
    expect(read(bytes.subarray(0, at.importTerminator + 4))).toThrow(
      /^the import table entry 1 at offset \d+ \(4 bytes\) is past the end of the file/,
    );
    const endless = peFile({ imports: [`${'a'.repeat(300)}.dll`] }).bytes;
    expect(read(endless)).toThrow(
      /^the import table entry 0's DLL name at offset \d+ has no end: no NUL within 260 bytes/,
    );
  });

  it('refuses a malformed import table instead of returning part of it', () => {
    const broken = (change: (view: DataView, at: ReturnType<typeof peFile>['at']) => void) => {
      const { bytes, at } = peFile({ imports: ['KERNEL32.dll', 'ntdll.dll'] });
      change(new DataView(bytes.buffer), at);
      return () => readPeImports(bytes);
    };
    expect(broken((view) => view.setUint32(0x3c, 0x30, true))).toThrow(
      'no "PE\\0\\0" signature at offset 48',
    );
    expect(broken((view, at) => view.setUint32(at.importDirectory, 0x9000, true))).toThrow(
      'the import table (RVA 0x9000) is in no section',
    );
    // No all-zero entry before the section ends: never a scan through the rest of the file.
    expect(
      broken((view, at) => {
        for (let offset = 0; offset < 20; offset += 4) {
          view.setUint32(at.importTerminator + offset, 0x1000, true);
        }
        view.setUint32(at.sectionHeader + 16, at.importTerminator + 20 - 0x200, true);
      }),
    ).toThrow("the import table runs past its section's data: no all-zero entry ends it");
    expect(broken((view, at) => view.setUint8(at.firstName, 0x07))).toThrow(
      /DLL name at offset \d+ is not printable ASCII$/,
    );
  });
});

describe('what a clean Windows 10/11 lacks', () => {
  it('passes Rust’s std on both Windows targets: system DLLs and core API sets', () => {
    expect(missingOnCleanWindows(RUST_STD_MSVC)).toEqual([]);
    expect(
      missingOnCleanWindows(['ADVAPI32.dll', 'bcrypt.dll', 'KERNEL32.dll', 'msvcrt.dll']),
    ).toEqual([]);
  });

  it('fails the Visual C++ runtime, whatever its case, and says to link it statically', () => {
    const missing = missingOnCleanWindows([
      'KERNEL32.dll',
      'VCRUNTIME140.dll',
      'vcruntime140_1.dll',
      'MSVCP140.dll',
      'api-ms-win-crt-runtime-l1-1-0.dll',
      'ucrtbase.dll',
    ]);
    expect(missing.map((each) => each.dll)).toEqual([
      'VCRUNTIME140.dll',
      'vcruntime140_1.dll',
      'MSVCP140.dll',
      'api-ms-win-crt-runtime-l1-1-0.dll',
      'ucrtbase.dll',
    ]);
    for (const { reason } of missing) expect(reason).toContain('+crt-static');
  });

  it('fails MinGW’s runtime DLLs and any DLL no one has judged', () => {
    expect(
      missingOnCleanWindows([
        'libgcc_s_seh-1.dll',
        'libwinpthread-1.dll',
        'zlib1.dll',
        'api-ms-win-core-evil.dll.exe',
      ]).map(({ dll, reason }) => [dll, reason.split(',')[0]]),
    ).toEqual([
      ['libgcc_s_seh-1.dll', "MinGW's runtime"],
      ['libwinpthread-1.dll', "MinGW's runtime"],
      [
        'zlib1.dll',
        'not known to be part of a clean Windows 10/11 (scripts/relay-imports/clean-windows.ts lists those that are)',
      ],
      [
        'api-ms-win-core-evil.dll.exe',
        'not known to be part of a clean Windows 10/11 (scripts/relay-imports/clean-windows.ts lists those that are)',
      ],
    ]);
  });
});
