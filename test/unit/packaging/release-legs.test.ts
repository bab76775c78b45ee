// Each leg of the workflows (a job on one runner OS) run as far as this machine can without running
// its suites, so a job that would fail on a runner fails here first. Every step's commands are
// followed through package.json's scripts down to the programs they start
// (support/leg-commands.ts), then:
// - every npm script named, by a step or by a script it starts, exists;
// - everything a step reads (out/'s folders, the relay, Electron's binary, Playwright's Chromium,
//   electron-builder's release/) is made by an earlier step of the same leg (support/leg-check.ts:
//   what a build makes is read from its script or config, what a suite reads of out/ from its
//   sources);
// - on Windows, each step's `run` means in its shell (PowerShell unless `shell:` says otherwise)
//   what it means in bash, and the npm scripts it starts hold nothing cmd.exe reads otherwise
//   (support/leg-platforms.ts).
// That the Node tests a Windows or macOS leg runs use no Linux-only fact (/proc, /bin/sh, POSIX
// modes, …) without a guard is test/unit/test-suite/platform-facts.test.ts', over all of test/.
// The suites themselves run elsewhere: Linux's in .ci/run; the Windows leg's Node tests
// (`npm run test:unit` there) are what `npm run test:windows` runs here under Wine; macOS's only
// on its runner. Each rule is shown to catch a planted breach on a changed copy of a workflow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expand, legsOf, stepCommands, stepRunsOn, type Leg } from './support/leg-commands';
import { legProblems } from './support/leg-check';
import {
  builderInputs,
  nodeBundles,
  INSTALLED_DEB,
  outPathsNamed,
  RELAY,
  suiteReads,
  viteOutputs,
} from './support/leg-outputs';
import { cmdProblems, pwshProblems, windowsProblems } from './support/leg-platforms';
import { readWorkflow, REPO_ROOT, type Workflow, type WorkflowStep } from './support/workflows';

const scripts = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

const allLegs = (): Leg[] => [...legsOf('ci.yml'), ...legsOf('release.yml')];
const leg = (legs: Leg[], name: string): Leg => {
  const found = legs.find((each) => each.name === name);
  if (found === undefined) throw new Error(`no leg ${name}`);
  return found;
};

describe('each leg of the workflows', () => {
  it('is every job on each OS it runs on', () => {
    expect(allLegs().map((each) => each.name)).toEqual([
      'ci.yml test (Linux)',
      'ci.yml desktop (Linux)',
      'ci.yml desktop (Windows)',
      'ci.yml desktop (macOS)',
      'release.yml test (Linux)',
      'release.yml package (Windows)',
      'release.yml package (macOS)',
      'release.yml package (Linux)',
      'release.yml extension (Linux)',
      'release.yml policy-templates (Linux)',
      'release.yml release (Linux)',
    ]);
  });

  it('runs only npm scripts package.json has, down to the scripts those scripts start', () => {
    const legs = allLegs();
    const problems = legs.flatMap((each) =>
      each.steps.flatMap(({ step }) => stepCommands(step.run ?? '', scripts).problems),
    );
    expect(problems).toEqual([]);
    // Followed, not just named: the Linux release leg's packaging check builds the extension.
    const linux = leg(legs, 'release.yml package (Linux)');
    const started = linux.steps.flatMap(
      ({ step }) => stepCommands(step.run ?? '', scripts).scripts,
    );
    expect(started).toEqual(expect.arrayContaining(['test:build', 'build:extension', 'prepare']));
  });

  it('finds everything a step reads made by an earlier step of the same leg', () => {
    expect(allLegs().flatMap((each) => legProblems(each, scripts))).toEqual([]);
  });

  it('runs on Windows only what PowerShell and cmd.exe read as bash would', () => {
    expect(allLegs().flatMap((each) => windowsProblems(each, scripts))).toEqual([]);
  });
});

describe('what the legs are checked against', () => {
  it('takes what each build makes from its script or config', () => {
    expect(nodeBundles()).toEqual([
      'out/cli',
      'out/demo-service',
      'out/main',
      'out/preload',
      'out/web',
    ]);
    expect(viteOutputs('vite.config.ts')).toEqual(['out/renderer']);
    expect(viteOutputs('extension/vite.config.ts')).toEqual([
      'out/assistant-companion-*-firefox.xpi',
      'out/assistant-companion-*.zip',
      'out/extension',
      'out/extension-firefox',
    ]);
    expect(builderInputs()).toEqual(['out/main', 'out/preload', 'out/renderer', RELAY]);
  });

  it('takes what a suite reads of out/ from its code, not its comments or imports', () => {
    const source = [
      "import { getConfig } from 'app-builder-lib/out/util/config/config';",
      '// out/comment is only mentioned',
      "const folder = join(root, 'out', 'extension');",
      "const page = resolve('../../out/renderer/index.html');",
      'const zip = `out/app-${version}.zip`;',
      "const elsewhere = '/opt/assistant/out/main';",
    ].join('\n');
    expect(outPathsNamed('sample.ts', source)).toEqual([
      'out/app-*.zip',
      'out/extension',
      'out/renderer',
    ]);
    expect(suiteReads('test/build')).toEqual([
      'out/assistant-companion-*-firefox.xpi',
      'out/assistant-companion-*.zip',
      'out/cli',
      'out/extension',
      'out/extension-firefox',
      'out/preload',
      'out/renderer',
    ]);
  });

  it('follows npm as it runs scripts: arguments to the last command, prepare after npm ci', () => {
    expect(expand('npm run test:desktop -- --project=electron', scripts).commands).toEqual([
      'node scripts/build-node.mjs',
      'vite build',
      'vite build -c extension/vite.config.ts',
      'playwright test -c test/desktop/playwright.config.ts --project=electron',
    ]);
    expect(expand('npm ci --no-audit', scripts).commands).toEqual([
      'npm ci --no-audit',
      'node scripts/build-node.mjs',
    ]);
    expect(expand('npm ci --ignore-scripts', scripts).commands).toEqual([
      'npm ci --ignore-scripts',
    ]);
    expect(expand('npx playwright install chromium', scripts).commands).toEqual([
      'playwright install chromium',
    ]);
  });

  it('reads a step’s if: for each OS', () => {
    expect(stepRunsOn(undefined, 'Windows')).toBe('yes');
    expect(stepRunsOn("runner.os != 'macOS'", 'Windows')).toBe('yes');
    expect(stepRunsOn("runner.os != 'macOS'", 'macOS')).toBe('no');
    expect(stepRunsOn("runner.os == 'macOS' && env.HAS_KEY == 'true'", 'macOS')).toBe('maybe');
    expect(stepRunsOn('${{ !cancelled() }}', 'Linux')).toBe('maybe');
    expect(() => stepRunsOn("runner.os == 'Linux' || always()", 'Linux')).toThrow(/\|\|/);
  });
});

describe('a leg that would fail on its runner fails here', () => {
  const step = (workflow: Workflow, job: string, name: string): WorkflowStep => {
    const found = workflow.jobs[job]?.steps.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no step ${name} in ${job}`);
    return found;
  };
  const withoutStep = (workflow: Workflow, job: string, name: string): void => {
    const steps = workflow.jobs[job]?.steps ?? [];
    steps.splice(steps.indexOf(step(workflow, job, name)), 1);
  };
  /**
   * The problems a change to a copy of `file` (or to package.json's scripts) brings: those of the
   * changed copy that the workflow as it stands, with package.json's scripts, does not have.
   */
  const problemsOf = (
    file: string,
    change: (workflow: Workflow) => void,
    check = legProblems,
    withScripts: Record<string, string> = scripts,
  ): string[] => {
    const before = new Set(legsOf(file).flatMap((each) => check(each, scripts)));
    const workflow = structuredClone(readWorkflow(file));
    change(workflow);
    return legsOf(file, workflow)
      .flatMap((each) => check(each, withScripts))
      .filter((problem) => !before.has(problem));
  };

  it('the Linux release leg checking test/build without building the extension (the defect of #33)', () => {
    const check = 'Check what would be packaged';
    const runs = 'runs `vitest run --config test/build/vitest.config.ts`, which reads';
    expect(
      problemsOf('release.yml', (w) => {
        step(w, 'package', check).run = 'npx vitest run --config test/build/vitest.config.ts';
      }),
    ).toEqual([
      `release.yml package (Linux): "${check}" ${runs} out/assistant-companion-*-firefox.xpi: no earlier step makes it`,
      `release.yml package (Linux): "${check}" ${runs} out/assistant-companion-*.zip: no earlier step makes it`,
      `release.yml package (Linux): "${check}" ${runs} out/extension: no earlier step makes it`,
      `release.yml package (Linux): "${check}" ${runs} out/extension-firefox: no earlier step makes it`,
    ]);
    // The same when the script the step runs stops building what its tests read.
    const testBuild = 'npm run build && vitest run --config test/build/vitest.config.ts';
    expect(
      problemsOf('release.yml', () => undefined, legProblems, {
        ...scripts,
        'test:build': testBuild,
      }),
    ).toHaveLength(4);
  });

  it('the real-Electron journeys without the download of Electron’s binary', () => {
    const problems = problemsOf('ci.yml', (w) =>
      withoutStep(w, 'desktop', 'Download the Electron binary'),
    );
    expect(problems).toHaveLength(3);
    expect(problems[2]).toBe(
      'ci.yml desktop (macOS): "Desktop journeys in real Electron" runs `playwright test -c test/desktop/playwright.config.ts --project=electron`, which reads Electron\'s binary (node_modules/electron/dist): no earlier step makes it',
    );
  });

  it('the Node tests before Playwright’s Chromium, packaging before the build or the relay', () => {
    const chromium = problemsOf('release.yml', (w) => {
      const steps = w.jobs.package?.steps ?? [];
      const install = step(w, 'package', "Playwright's Chromium");
      steps.splice(steps.indexOf(install), 1);
      steps.push(install);
    });
    expect(chromium).toHaveLength(3);
    expect(chromium[0]).toMatch(
      /^release\.yml package \(Windows\): "Type-check and Node tests on this OS" runs `vitest run`, which reads Playwright's Chromium/,
    );
    // out/main and out/preload come from `npm ci` (its prepare script), the renderer only from the
    // build (on Linux also from test:build's, before packaging).
    const build = problemsOf('release.yml', (w) => withoutStep(w, 'package', 'Build'));
    const builder = 'runs `electron-builder "--$PLATFORM" --publish never $FEED_ARGS`';
    expect(build).toEqual(
      ['Windows', 'macOS'].map(
        (os) =>
          `release.yml package (${os}): "Package" ${builder}, which reads out/renderer: no earlier step makes it`,
      ),
    );
    const relay = problemsOf('release.yml', (w) =>
      withoutStep(w, 'package', 'Build the relay (macOS, universal)'),
    );
    expect(relay).toEqual([
      `release.yml package (macOS): "Package" runs \`electron-builder "--$PLATFORM" --publish never $FEED_ARGS\`, which reads ${RELAY}: no earlier step makes it`,
    ]);
  });

  it('the relay’s import table read before the relay is built', () => {
    const check = 'The relay needs no DLL a clean Windows lacks';
    expect(
      problemsOf('release.yml', (w) => {
        const steps = w.jobs.package?.steps ?? [];
        const imports = step(w, 'package', check);
        steps.splice(steps.indexOf(imports), 1);
        steps.splice(steps.indexOf(step(w, 'package', 'Build the relay')), 0, imports);
      }),
    ).toEqual([
      `release.yml package (Windows): "${check}" runs \`tsx scripts/relay-imports/cli.ts relay/target/release/assistant-relay.exe\`, which reads ${RELAY}: no earlier step makes it`,
    ]);
  });

  it('the Linux launch of the installed deb without the step that installs it', () => {
    const launch = 'Launch the installed app (Linux, under Xvfb)';
    expect(
      problemsOf('release.yml', (w) =>
        withoutStep(w, 'package', "Install the deb, with AppArmor's restriction in force (Linux)"),
      ),
    ).toEqual([
      `release.yml package (Linux): "${launch}" runs \`tsx scripts/launch-packaged.ts --executable "/opt/Assistant Desktop/assistant-desktop" --expect-companion --screenshot "$RUNNER_TEMP/first-window.png"\`, which reads ${INSTALLED_DEB}: no earlier step makes it`,
    ]);
  });

  it('an artifact kept that no step built', () => {
    expect(
      problemsOf('release.yml', (w) =>
        withoutStep(w, 'extension', 'Build the extension and its zip'),
      ),
    ).toEqual([
      'release.yml extension (Linux): "Keep the zip" keeps an artifact, which reads out/assistant-companion-*.zip: no earlier step makes it',
    ]);
  });

  it('an npm script package.json does not have, named by a step or by a script', () => {
    const { 'build:extension': _gone, ...fewer } = scripts;
    const problems = problemsOf('release.yml', () => undefined, legProblems, fewer);
    expect(problems[0]).toBe(
      'release.yml package (Linux): "Check what would be packaged": "npm run build:extension": package.json has no script "build:extension"',
    );
    expect(
      problemsOf('ci.yml', (w) => {
        step(w, 'desktop', 'Build').run = 'npm run build:al';
      }).slice(0, 1),
    ).toEqual([
      'ci.yml desktop (Linux): "Build": "npm run build:al": package.json has no script "build:al"',
    ]);
  });

  it('a program that tests or packages without a rule for what it reads', () => {
    expect(
      problemsOf('ci.yml', (w) => {
        step(w, 'desktop', 'Build').run = 'npx playwright test';
      })[0],
    ).toBe(
      'ci.yml desktop (Linux): "Build" runs `playwright test`, which leg-check.ts has no rule for',
    );
  });

  it('bash in a step PowerShell runs on Windows; the same with shell: bash passes', () => {
    const bashInPwsh = (w: Workflow) => {
      step(w, 'desktop', 'Build').run = 'export NODE_ENV=production\nnpm run build > /dev/null';
    };
    expect(problemsOf('ci.yml', bashInPwsh, windowsProblems)).toEqual([
      'ci.yml desktop (Windows): "Build": `export` is bash',
      'ci.yml desktop (Windows): "Build": /dev/null does not exist',
      'ci.yml desktop (Windows): "Build": 2 lines: only the last one\'s exit code fails a PowerShell step (join them with &&)',
    ]);
    expect(
      problemsOf(
        'ci.yml',
        (w) => {
          bashInPwsh(w);
          step(w, 'desktop', 'Build').shell = 'bash';
        },
        windowsProblems,
      ),
    ).toEqual([]);
    // The journeys' step passes `--project=electron` through npm: bash, not npm.ps1.
    expect(
      problemsOf(
        'ci.yml',
        (w) => {
          delete step(w, 'desktop', 'Desktop journeys in real Electron').shell;
        },
        windowsProblems,
      ),
    ).toEqual([
      'ci.yml desktop (Windows): "Desktop journeys in real Electron": npm.ps1 passed `--` on to the script only from npm 10.9.3 (npm/cli#4903, #8343); with an older npm the arguments go to npm itself',
    ]);
    expect(pwshProblems('npm run typecheck && npm run test:unit')).toEqual([]);
    expect(pwshProblems('node -p "$(cat package.json)" `\n  --x')).toEqual([
      '`$(…)` is a subexpression in PowerShell, not a command substitution',
      'a backtick is an escape character',
      "2 lines: only the last one's exit code fails a PowerShell step (join them with &&)",
    ]);
  });

  it('an npm script a Windows step starts that cmd.exe reads otherwise', () => {
    expect(
      cmdProblems("NODE_ENV=production vite build && rm -rf 'out/renderer'; echo $HOME"),
    ).toEqual([
      'single quotes are not quotes in cmd.exe (they reach the program)',
      'cmd.exe reads `%NAME%`, not `$NAME`',
      '`NAME=value` before a command is bash',
      'not a Windows command',
      '`;` does not separate commands in cmd.exe',
    ]);
    const problems = problemsOf('release.yml', () => undefined, windowsProblems, {
      ...scripts,
      build: `${scripts.build ?? ''} && cp -r out release/app`,
    });
    expect(problems).toEqual([
      'release.yml package (Windows): "Build": npm script "build": not a Windows command',
    ]);
  });
});
