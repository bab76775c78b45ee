// Small Windows executables built byte by byte, for the import table reader's tests: the headers
// the loader reads (DOS, PE, optional header with its 16 data directories, one section) and one
// section holding the import table, the delay-load table and the DLL names, laid out as linkers
// lay them out. The offsets are returned so a test can break one thing at a time.

export interface PeSpec {
  format?: 'PE32' | 'PE32+';
  imports?: readonly string[];
  delayImports?: readonly string[];
}

export interface PeFile {
  bytes: Uint8Array;
  /** File offsets of what a test may break. */
  at: {
    importDirectory: number;
    importTerminator: number;
    firstName: number;
    sectionHeader: number;
  };
}

const E_LFANEW = 0x40;
const SECTION_RVA = 0x1000;
const SECTION_FILE_OFFSET = 0x200;
const IMPORT_DESCRIPTOR = 20;
const DELAY_DESCRIPTOR = 32;

export function peFile({ format = 'PE32+', imports = [], delayImports = [] }: PeSpec): PeFile {
  const optionalSize = (format === 'PE32' ? 96 : 112) + 16 * 8;
  const optional = E_LFANEW + 24;
  const sectionHeader = optional + optionalSize;
  const encoder = new TextEncoder();
  const names = [...imports, ...delayImports].map((name) => encoder.encode(`${name}\0`));
  const namesStart = 0;
  const importTable = names.reduce((sum, name) => sum + name.length, 0);
  const delayTable = importTable + (imports.length + 1) * IMPORT_DESCRIPTOR;
  const sectionSize = delayTable + (delayImports.length + 1) * DELAY_DESCRIPTOR;
  const bytes = new Uint8Array(SECTION_FILE_OFFSET + sectionSize);
  const view = new DataView(bytes.buffer);

  bytes.set(encoder.encode('MZ'), 0);
  view.setUint32(0x3c, E_LFANEW, true);
  bytes.set(encoder.encode('PE\0\0'), E_LFANEW);
  view.setUint16(E_LFANEW + 4, format === 'PE32' ? 0x14c : 0x8664, true);
  view.setUint16(E_LFANEW + 6, 1, true);
  view.setUint16(E_LFANEW + 20, optionalSize, true);
  view.setUint16(optional, format === 'PE32' ? 0x10b : 0x20b, true);
  const countAt = optional + (format === 'PE32' ? 92 : 108);
  view.setUint32(countAt, 16, true);
  const directory = (index: number) => countAt + 4 + 8 * index;
  if (imports.length > 0) {
    view.setUint32(directory(1), SECTION_RVA + importTable, true);
    view.setUint32(directory(1) + 4, delayTable - importTable, true);
  }
  if (delayImports.length > 0) {
    view.setUint32(directory(13), SECTION_RVA + delayTable, true);
    view.setUint32(directory(13) + 4, sectionSize - delayTable, true);
  }

  bytes.set(encoder.encode('.idata'), sectionHeader);
  view.setUint32(sectionHeader + 8, sectionSize, true);
  view.setUint32(sectionHeader + 12, SECTION_RVA, true);
  view.setUint32(sectionHeader + 16, sectionSize, true);
  view.setUint32(sectionHeader + 20, SECTION_FILE_OFFSET, true);

  let name = namesStart;
  const nameRvas = names.map((encoded) => {
    const rva = SECTION_RVA + name;
    bytes.set(encoded, SECTION_FILE_OFFSET + name);
    name += encoded.length;
    return rva;
  });
  imports.forEach((_, index) => {
    const at = SECTION_FILE_OFFSET + importTable + IMPORT_DESCRIPTOR * index;
    view.setUint32(at, 0x2000, true); // OriginalFirstThunk: only needs to be non-zero here
    view.setUint32(at + 12, nameRvas[index] ?? 0, true);
    view.setUint32(at + 16, 0x2000, true);
  });
  delayImports.forEach((_, index) => {
    const at = SECTION_FILE_OFFSET + delayTable + DELAY_DESCRIPTOR * index;
    view.setUint32(at, 1, true); // Attributes: RVAs
    view.setUint32(at + 4, nameRvas[imports.length + index] ?? 0, true);
  });

  return {
    bytes,
    at: {
      importDirectory: directory(1),
      importTerminator: SECTION_FILE_OFFSET + importTable + IMPORT_DESCRIPTOR * imports.length,
      firstName: SECTION_FILE_OFFSET + namesStart,
      sectionHeader,
    },
  };
}
