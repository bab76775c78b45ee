// The DLLs a Windows executable (PE32 or PE32+) names in its import tables: what the Windows
// loader must find before the program's first instruction runs. Read from the file's bytes alone,
// so Linux and macOS can check a Windows build: the DOS header points at the PE header, whose
// optional header's data directories give the import table (index 1) and the delay-load import
// table (index 13, loaded at the first call, which fails just the same when the DLL is missing);
// each descriptor names its DLL by an RVA, mapped to the file through the section table. Every
// offset is checked against the file: a malformed or truncated file is an error that says where,
// never a short list.

/** The file is not a well-formed PE executable; the message says what is wrong, and where. */
export class PeFormatError extends Error {
  override name = 'PeFormatError';
}

export interface PeImports {
  /** DLLs the loader loads with the program, as the file spells them, in table order. */
  imports: string[];
  /** DLLs loaded at their first call (the delay-load table). */
  delayImports: string[];
}

const PE32 = 0x10b;
const PE32_PLUS = 0x20b;
const IMPORT_DIRECTORY = 1;
const DELAY_IMPORT_DIRECTORY = 13;
const IMPORT_DESCRIPTOR_SIZE = 20;
const DELAY_DESCRIPTOR_SIZE = 32;
const SECTION_HEADER_SIZE = 40;
/** Longer DLL names do not exist (MAX_PATH); a longer run of bytes is a corrupt table. */
const MAX_NAME_LENGTH = 260;

interface Section {
  virtualAddress: number;
  virtualSize: number;
  rawOffset: number;
  rawSize: number;
}

class Reader {
  constructor(private readonly bytes: Uint8Array) {}

  private view = (offset: number, length: number, what: string): DataView => {
    if (offset < 0 || length < 0 || offset + length > this.bytes.length) {
      throw new PeFormatError(
        `${what} at offset ${offset} (${length} bytes) is past the end of the file (${this.bytes.length} bytes)`,
      );
    }
    return new DataView(this.bytes.buffer, this.bytes.byteOffset + offset, length);
  };

  u16 = (offset: number, what: string): number => this.view(offset, 2, what).getUint16(0, true);
  u32 = (offset: number, what: string): number => this.view(offset, 4, what).getUint32(0, true);

  /** A NUL-terminated ASCII name, within the file and MAX_NAME_LENGTH. */
  name = (offset: number, what: string): string => {
    this.view(offset, 1, what);
    const end = Math.min(this.bytes.length, offset + MAX_NAME_LENGTH + 1);
    const nul = this.bytes.subarray(offset, end).indexOf(0);
    if (nul < 0) {
      throw new PeFormatError(
        `${what} at offset ${offset} has no end: no NUL within ${MAX_NAME_LENGTH} bytes or before the end of the file`,
      );
    }
    const raw = this.bytes.subarray(offset, offset + nul);
    if (raw.length === 0) throw new PeFormatError(`${what} at offset ${offset} is empty`);
    if (raw.some((byte) => byte < 0x20 || byte > 0x7e)) {
      throw new PeFormatError(`${what} at offset ${offset} is not printable ASCII`);
    }
    return String.fromCharCode(...raw);
  };
}

/** Where an RVA is in the file, and where its section's data there ends. */
function locate(
  sections: readonly Section[],
  rva: number,
  what: string,
): { offset: number; sectionEnd: number } {
  for (const section of sections) {
    const into = rva - section.virtualAddress;
    if (into >= 0 && into < Math.max(section.virtualSize, section.rawSize)) {
      // Past the section's raw data the loader zero-fills: nothing a name or table can be in.
      if (into >= section.rawSize) {
        throw new PeFormatError(
          `${what} (RVA 0x${rva.toString(16)}) is outside its section's data`,
        );
      }
      return { offset: section.rawOffset + into, sectionEnd: section.rawOffset + section.rawSize };
    }
  }
  throw new PeFormatError(`${what} (RVA 0x${rva.toString(16)}) is in no section`);
}

interface Directory {
  rva: number;
  size: number;
}

/** The PE header's data directories and the section table. */
function readHeaders(read: Reader): { directories: Directory[]; sections: Section[] } {
  if (read.u16(0, 'the DOS header') !== 0x5a4d) {
    throw new PeFormatError('not a Windows executable: no "MZ" at its start');
  }
  const pe = read.u32(0x3c, "the DOS header's e_lfanew");
  if (read.u32(pe, 'the PE signature') !== 0x4550) {
    throw new PeFormatError(`no "PE\\0\\0" signature at offset ${pe}`);
  }
  const sectionCount = read.u16(pe + 6, 'the COFF header');
  const optionalSize = read.u16(pe + 20, 'the COFF header');
  const optional = pe + 24;
  const magic = read.u16(optional, 'the optional header');
  if (magic !== PE32 && magic !== PE32_PLUS) {
    throw new PeFormatError(`unknown optional header magic 0x${magic.toString(16)}`);
  }
  const countAt = optional + (magic === PE32 ? 92 : 108);
  const count = read.u32(countAt, "the optional header's NumberOfRvaAndSizes");
  const directoriesAt = countAt + 4;
  if (directoriesAt + 8 * count > optional + optionalSize) {
    throw new PeFormatError(
      `${count} data directories do not fit the optional header (${optionalSize} bytes)`,
    );
  }
  const directories = Array.from({ length: count }, (_, index) => ({
    rva: read.u32(directoriesAt + 8 * index, `data directory ${index}`),
    size: read.u32(directoriesAt + 8 * index + 4, `data directory ${index}`),
  }));
  const table = optional + optionalSize;
  const sections = Array.from({ length: sectionCount }, (_, index) => {
    const at = table + SECTION_HEADER_SIZE * index;
    const what = `section header ${index}`;
    return {
      virtualSize: read.u32(at + 8, what),
      virtualAddress: read.u32(at + 12, what),
      rawSize: read.u32(at + 16, what),
      rawOffset: read.u32(at + 20, what),
    };
  });
  return { directories, sections };
}

/**
 * The DLL names of one import table: descriptors of `descriptorSize` bytes up to the all-zero one,
 * the name's RVA at `nameField`. The table must end within its section: a missing terminator is
 * an error, not a scan through the rest of the file.
 */
function namesOf(
  read: Reader,
  sections: readonly Section[],
  directory: Directory | undefined,
  layout: { descriptorSize: number; nameField: number; what: string; rvaBit?: boolean },
): string[] {
  if (directory === undefined || directory.rva === 0) return [];
  const { descriptorSize, nameField, what } = layout;
  const { offset: start, sectionEnd } = locate(sections, directory.rva, what);
  const names: string[] = [];
  for (let at = start; ; at += descriptorSize) {
    const entry = `${what} entry ${names.length}`;
    if (at + descriptorSize > sectionEnd) {
      throw new PeFormatError(`${what} runs past its section's data: no all-zero entry ends it`);
    }
    const fields = Array.from({ length: descriptorSize / 4 }, (_, index) =>
      read.u32(at + 4 * index, entry),
    );
    if (fields.every((field) => field === 0)) return names;
    if (layout.rvaBit === true && ((fields[0] ?? 0) & 1) === 0) {
      throw new PeFormatError(`${entry} holds addresses, not RVAs (a pre-2000 layout, not read)`);
    }
    const name = `${entry}'s DLL name`;
    names.push(read.name(locate(sections, fields[nameField / 4] ?? 0, name).offset, name));
  }
}

/** The DLLs `bytes` (a whole .exe or .dll) imports; throws PeFormatError when malformed. */
export function readPeImports(bytes: Uint8Array): PeImports {
  const read = new Reader(bytes);
  const { directories, sections } = readHeaders(read);
  return {
    imports: namesOf(read, sections, directories[IMPORT_DIRECTORY], {
      descriptorSize: IMPORT_DESCRIPTOR_SIZE,
      nameField: 12,
      what: 'the import table',
    }),
    // The delay-load descriptor's DllNameRVA is its second field: an RVA when its Attributes'
    // bit 0 says so, as in every image a linker of this century makes.
    delayImports: namesOf(read, sections, directories[DELAY_IMPORT_DIRECTORY], {
      descriptorSize: DELAY_DESCRIPTOR_SIZE,
      nameField: 4,
      what: 'the delay-load import table',
      rvaBit: true,
    }),
  };
}
