// Runs Electronegativity's own runner on a prepared folder, offline, and writes what it found:
//   node electronegativity-runner.mjs <input dir> <output dir>
// → <output dir>/electronegativity.sarif (the tool's SARIF report, for people and CI artifacts)
// → <output dir>/findings.json (every finding with its severity, which SARIF does not carry)
//
// Why not the CLI: the tool always exits 0, its CSV writer races its own header write, and at
// start it downloads translations (and, in one check, Electron's release list) from the internet.
// Tests make no outbound calls, so the HTTP library it uses is replaced by one that fails at once,
// which the tool already treats as "offline" (bundled English texts, no release check).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [inputDir, outputDir] = process.argv.slice(2);
if (!inputDir || !outputDir) {
  console.error('usage: electronegativity-runner.mjs <input dir> <output dir>');
  process.exit(2);
}

const requireHere = createRequire(import.meta.url);
const toolDir = resolve(requireHere.resolve('@doyensec/electronegativity/package.json'), '..');
const requireInTool = createRequire(join(toolDir, 'dist', 'runner.js'));

for (const from of ['dist/locales/i18n.js', 'dist/runner.js']) {
  const gotPath = createRequire(join(toolDir, from)).resolve('got');
  const offline = () => Promise.reject(new Error('offline: tests make no outbound calls'));
  requireInTool.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };
}

const run = requireInTool('./runner.js');
const sarifPath = join(outputDir, 'electronegativity.sarif');
const result = await run(
  {
    input: resolve(inputDir),
    output: sarifPath,
    isSarif: true,
    customScan: [],
    // Needs Electron's release list from GitHub; the supported major is pinned in package.json.
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: requireHere('electron/package.json').version,
    parserPlugins: [],
  },
  false,
);

const findings = result.issues.map((issue) => ({
  id: issue.id,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  file: issue.file,
  line: issue.location?.line ?? 0,
  column: issue.location?.column ?? 0,
  sample: issue.sample ?? null,
  description: issue.description,
  manualReview: Boolean(issue.manualReview),
}));
writeFileSync(
  join(outputDir, 'findings.json'),
  JSON.stringify(
    {
      checks: { atomic: result.atomicChecks, global: result.globalChecks },
      errors: result.errors,
      findings,
    },
    null,
    2,
  ),
);
