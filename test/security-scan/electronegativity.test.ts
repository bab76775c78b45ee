// Electronegativity (Doyensec's Electron security linter) over the Electron shell: main and
// preload, plus the Content-Security-Policy exactly as the app protocol sends it. The tool always
// exits 0, so this test reads its findings and fails on any above LOW that is not justified in a
// comment beside the code (format: test/security-scan/support/justification.ts). It has no check
// for IPC sender validation or setWindowOpenHandler; the unit tests of electron/core/security do.

import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_CONTENT_SECURITY_POLICY } from '../../electron/core/security/csp';
import { isJustified, justificationsFor } from './support/justification';

const repo = resolve(import.meta.dirname, '../..');
const SCANNED = ['electron/main', 'electron/preload'];
const CSP_PAGE = 'csp-as-sent-by-app-protocol.html';
const ABOVE_LOW = new Set(['MEDIUM', 'HIGH', 'CRITICAL']);

const Finding = z.object({
  id: z.string(),
  severity: z.string(),
  confidence: z.string(),
  file: z.string(),
  line: z.number(),
  column: z.number(),
  sample: z.string().nullable(),
  description: z.string(),
});
type Finding = z.infer<typeof Finding>;

const Report = z.object({
  checks: z.object({ atomic: z.number(), global: z.number() }),
  errors: z.array(z.object({ file: z.string(), message: z.string(), tolerable: z.boolean() })),
  findings: z.array(Finding),
});

const Sarif = z.object({
  runs: z.array(z.object({ results: z.array(z.object({ ruleId: z.string() })) })).length(1),
});

let workDir: string;
let report: z.infer<typeof Report>;
let sarif: z.infer<typeof Sarif>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'electronegativity-'));
  const scanDir = join(workDir, 'scan');
  const outDir = join(workDir, 'out');
  for (const folder of SCANNED) {
    await cp(join(repo, folder), join(scanDir, folder), { recursive: true });
  }
  // The policy is sent as a response header from code (electron/main/app-protocol.ts), which the
  // tool cannot see; a page carrying the very same string lets its CSP evaluator judge it.
  await writeFile(
    join(scanDir, CSP_PAGE),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${APP_CONTENT_SECURITY_POLICY}"></head><body></body></html>\n`,
  );
  await cp(join(scanDir, CSP_PAGE), join(outDir, CSP_PAGE));
  const child = spawnSync(
    process.execPath,
    [join(import.meta.dirname, 'support', 'electronegativity-runner.mjs'), scanDir, outDir],
    { cwd: repo, encoding: 'utf8', timeout: 120_000 },
  );
  if (child.status !== 0) {
    throw new Error(`Electronegativity did not run (${child.status}): ${child.stderr}`);
  }
  report = Report.parse(JSON.parse(await readFile(join(outDir, 'findings.json'), 'utf8')));
  sarif = Sarif.parse(JSON.parse(await readFile(join(outDir, 'electronegativity.sarif'), 'utf8')));
}, 180_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function describeFinding(f: Finding): string {
  return `${f.id} (${f.severity}) at ${f.file}:${f.line} — ${f.description}${f.sample ? `: ${f.sample}` : ''}`;
}

describe('Electronegativity over the Electron shell', () => {
  it('ran its checks and parsed every file', () => {
    expect(report.checks.atomic).toBeGreaterThan(20);
    expect(report.checks.global).toBeGreaterThan(0);
    // A file the tool cannot parse is a file it did not check.
    expect(report.errors.map((e) => `${e.file}: ${e.message}`)).toEqual([]);
    expect(sarif.runs[0]?.results).toHaveLength(report.findings.length);
  });

  it('finds nothing above LOW that is not justified beside the code', async () => {
    const unjustified: string[] = [];
    for (const finding of report.findings.filter((f) => ABOVE_LOW.has(f.severity))) {
      const located = finding.file !== 'N/A' && finding.line > 0 && !finding.file.endsWith('.html');
      const source = located ? await readFile(join(repo, finding.file), 'utf8') : '';
      if (!located || !isJustified(source, finding.line, finding.id)) {
        unjustified.push(describeFinding(finding));
      }
    }
    expect(unjustified).toEqual([]);
  });

  it('sees the CSP the app protocol sends and finds nothing above LOW in it', () => {
    const csp = report.findings.filter((f) => f.id === 'CSP_GLOBAL_CHECK');
    // With no CSP found the tool reports "No CSP has been detected" (MEDIUM) with no location.
    expect(csp.filter((f) => f.file === 'N/A').map(describeFinding)).toEqual([]);
    // 'self' for scripts is reported as "may be weak" (LOW): the app origin serves only our
    // own built files, never user content or JSONP.
    expect(csp.filter((f) => ABOVE_LOW.has(f.severity)).map(describeFinding)).toEqual([]);
  });
});

describe('the justification comment format', () => {
  const source = [
    'const a = 1;',
    '// electronegativity-justified: OPEN_EXTERNAL_JS_CHECK — only checked https URLs reach this',
    '// (see checkExternalUrl).',
    'shell.openExternal(url);',
    'win.loadURL(x); // electronegativity-justified: LIMIT_NAVIGATION_JS_CHECK - our own origin only',
    '// electronegativity-justified: PRELOAD_JS_CHECK — ok',
    'preload: path,',
    '// electronegativity-justified: SANDBOX_JS_CHECK — far away from the code it talks about',
    '',
    'sandbox: false,',
  ].join('\n');

  it('accepts the comment block directly above or a trailing comment', () => {
    expect(isJustified(source, 4, 'OPEN_EXTERNAL_JS_CHECK')).toBe(true);
    expect(isJustified(source, 5, 'LIMIT_NAVIGATION_JS_CHECK')).toBe(true);
  });

  it('refuses another check id, an empty reason and a comment not beside the code', () => {
    expect(isJustified(source, 4, 'PRELOAD_JS_CHECK')).toBe(false);
    expect(justificationsFor(source, 7)).toEqual([{ checkId: 'PRELOAD_JS_CHECK', reason: 'ok' }]);
    expect(isJustified(source, 7, 'PRELOAD_JS_CHECK')).toBe(false);
    expect(isJustified(source, 10, 'SANDBOX_JS_CHECK')).toBe(false);
  });
});
