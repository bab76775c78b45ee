// `tsx scripts/relay-imports/cli.ts <file.exe>...`: lists the DLLs each Windows executable imports
// and fails (exit 1) when one names a DLL a clean Windows 10/11 lacks (./clean-windows.ts), or is
// not a readable PE file. release.yml's Windows leg runs it on the MSVC-built relay; the GNU build
// made here is checked by test/integration/companion/relay-imports.test.ts.
import { readFileSync } from 'node:fs';
import { missingOnCleanWindows } from './clean-windows';
import { readPeImports } from './pe-imports';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: tsx scripts/relay-imports/cli.ts <file.exe>...');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  try {
    const { imports, delayImports } = readPeImports(readFileSync(file));
    console.log(`${file} imports: ${imports.join(', ') || '(nothing)'}`);
    if (delayImports.length > 0) console.log(`${file} delay-loads: ${delayImports.join(', ')}`);
    for (const { dll, reason } of missingOnCleanWindows([...imports, ...delayImports])) {
      console.error(`${file}: ${dll}: ${reason}`);
      failed = true;
    }
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
