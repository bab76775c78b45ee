// The built Windows relay imports nothing a clean Windows 10/11 lacks (no Visual C++ runtime, no
// MinGW runtime): what a salesperson's PC without the redistributable needs, which the runners
// (they ship it) cannot show by running it. Read with scripts/relay-imports/, through the command
// release.yml's Windows leg runs on the MSVC build:
// - here, the MinGW build (x86_64-pc-windows-gnu) that `npm run check:relay-windows` links (.ci/run
//   runs it before `npm test`) and `npm run test:windows` builds; skipped, saying so, when neither
//   has run;
// - on Windows, the relay the tests run (relay/target/release): the MSVC build on the runners.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peFile } from '../../support/pe-file';
import { relayBinary } from '../../support/relay-binary';

const repo = resolve(import.meta.dirname, '../../..');
const GNU_RELAY = join(
  repo,
  'relay',
  'target',
  'x86_64-pc-windows-gnu',
  'release',
  'assistant-relay.exe',
);

function checkImports(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const cli = join(repo, 'scripts', 'relay-imports', 'cli.ts');
  return new Promise((done, reject) => {
    execFile(process.execPath, [tsx, cli, file], { cwd: repo }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code !== 'number') reject(error);
      else done({ code: error === null ? 0 : Number(error.code), stdout, stderr });
    });
  });
}

describe('the import check as release.yml runs it', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'relay-imports-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('fails the step on an executable that needs the Visual C++ runtime, naming the DLL', async () => {
    const file = join(work, 'dynamic-crt.exe');
    await writeFile(file, peFile({ imports: ['KERNEL32.dll', 'VCRUNTIME140.dll'] }).bytes);
    const result = await checkImports(file);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('imports: KERNEL32.dll, VCRUNTIME140.dll');
    expect(result.stderr).toContain(`${file}: VCRUNTIME140.dll: the Visual C++ runtime`);
  });

  it('fails the step on a file it cannot read as an executable', async () => {
    const file = join(work, 'truncated.exe');
    await writeFile(file, peFile({ imports: ['KERNEL32.dll'] }).bytes.subarray(0, 0x50));
    const result = await checkImports(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the COFF header at offset 84 .* past the end of the file/);
  });
});

describe('the built Windows relay', () => {
  it.skipIf(!existsSync(GNU_RELAY))(
    'MinGW build: imports only what every Windows has (skipped: not built here; `npm run check:relay-windows` with MinGW builds it)',
    async () => {
      const result = await checkImports(GNU_RELAY);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/\bKERNEL32\.dll\b/i);
    },
  );

  it.runIf(process.platform === 'win32')(
    'this Windows build (MSVC on the runners): imports only what every Windows has',
    async () => {
      const result = await checkImports(relayBinary());
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
  );
});
