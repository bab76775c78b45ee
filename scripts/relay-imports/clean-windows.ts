// Which DLLs a clean Windows 10 or 11 has: the rule the relay's import table is held to. The relay
// runs on salespeople's PCs, where nothing but Windows itself can be assumed (no Visual C++
// redistributable, no MinGW), and a DLL the loader cannot find stops it before main with
// 0xC0000135, which Chrome reports only as "Native host has exited".
//
// An allow-list, not a deny-list: a DLL no one has judged fails, and whoever adds it here decides
// that every supported Windows ships it. The names are what Rust's standard library links on
// Windows (MSVC and GNU targets), plus a few core system DLLs of the same standing.

/** Part of every Windows 10 and 11 installation, in System32 (compared without case). */
const SYSTEM_DLLS: ReadonlySet<string> = new Set([
  'kernel32.dll',
  'kernelbase.dll',
  'ntdll.dll',
  'advapi32.dll',
  'user32.dll',
  'gdi32.dll',
  'shell32.dll',
  'ole32.dll',
  'oleaut32.dll',
  'shlwapi.dll',
  'ws2_32.dll',
  'userenv.dll',
  'bcrypt.dll',
  // ProcessPrng, Rust 1.78 and later's source of randomness (Windows 10 and later).
  'bcryptprimitives.dll',
  'crypt32.dll',
  'secur32.dll',
  // MinGW's C runtime (the x86_64-pc-windows-gnu build): the OS's own msvcrt.dll, shipped with
  // every Windows since 2000 and not the redistributable's.
  'msvcrt.dll',
]);

/**
 * API sets (api-ms-win-core-*) are contracts the loader resolves through the OS's API set schema,
 * not files a package installs: Rust's std links WaitOnAddress from
 * api-ms-win-core-synch-l1-2-0.dll (Windows 8 and later).
 */
const CORE_API_SET = /^api-ms-win-core-[a-z0-9-]+\.dll$/;

interface Refusal {
  pattern: RegExp;
  reason: string;
}

/** DLLs refused with a reason that says what to change (anything else unlisted is refused too). */
const REFUSED: readonly Refusal[] = [
  {
    // VCRUNTIME140(_1).dll, MSVCP140.dll: only the Visual C++ redistributable installs them.
    pattern: /^(vcruntime|msvcp)\d+(_\w+)?\.dll$/,
    reason:
      'the Visual C++ runtime, which a PC without the redistributable lacks: link the C runtime statically (relay/.cargo/config.toml, +crt-static)',
  },
  {
    // The Universal CRT's forwarders (api-ms-win-crt-*) and ucrtbase.dll are part of Windows 10,
    // but an MSVC build imports them only with the dynamic C runtime, which brings
    // VCRUNTIME140.dll with it: with +crt-static it imports none. Refused, so losing the static
    // link fails here even if a future toolchain moved the rest of the runtime into the UCRT.
    pattern: /^(api-ms-win-crt-[a-z0-9-]+|ucrtbased?)\.dll$/,
    reason:
      'the dynamically linked C runtime (UCRT): link it statically (relay/.cargo/config.toml, +crt-static)',
  },
  {
    pattern: /^(libgcc_s_[\w-]+|libwinpthread-\d+|libstdc\+\+-\d+)\.dll$/,
    reason: "MinGW's runtime, which no Windows ships: link it statically",
  },
];

export interface MissingDll {
  dll: string;
  reason: string;
}

/** The DLLs of `dlls` a clean Windows 10 or 11 lacks, each with why. */
export function missingOnCleanWindows(dlls: readonly string[]): MissingDll[] {
  return dlls.flatMap((dll) => {
    const name = dll.toLowerCase();
    const refused = REFUSED.find((each) => each.pattern.test(name));
    if (refused !== undefined) return [{ dll, reason: refused.reason }];
    if (SYSTEM_DLLS.has(name) || CORE_API_SET.test(name)) return [];
    return [
      {
        dll,
        reason:
          'not known to be part of a clean Windows 10/11 (scripts/relay-imports/clean-windows.ts lists those that are)',
      },
    ];
  });
}
