// Does every step of a leg find what it reads? The programs the workflows run (after npm's
// scripts are followed: leg-commands.ts) with what each makes and reads (leg-outputs.ts), walked
// step by step: a step that runs on that OS for sure makes its outputs for the steps after it;
// a read nothing before it made is a leg that fails on its runner.

import path from 'node:path';
import { label, stepCommands, type Leg } from './leg-commands';
import {
  builderInputs,
  CHROMIUM,
  ELECTRON,
  INSTALLED_DEB,
  nodeBundles,
  RELAY,
  RELEASE,
  suiteReads,
  viteOutputs,
  type Effect,
} from './leg-outputs';
import type { WorkflowStep } from './workflows';

interface Rule {
  pattern: RegExp;
  effect(match: RegExpExecArray): Effect;
}

/**
 * What a suite reads that its sources do not name: packaged-entries.test.ts reads package.json's
 * main (out/main/index.js), and desktop-projects.test.ts runs the desktop journeys' configuration,
 * whose global setup wants out/main, out/preload and out/renderer.
 */
const SUITE_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  'test/build/vitest.config.ts': ['out/main', 'out/preload', 'out/renderer'],
};

/** The programs the workflows run, with what each makes and reads. */
export const RULES: readonly Rule[] = [
  { pattern: /^node scripts\/build-node\.mjs$/, effect: () => ({ makes: nodeBundles() }) },
  {
    pattern: /^vite build(?: (?:-c|--config) (\S+))?$/,
    effect: (m) => ({ makes: viteOutputs(m[1] ?? 'vite.config.ts') }),
  },
  {
    // With --test, cargo's tests of the relay: nothing is built for the steps after it.
    pattern: /^node scripts\/build-relay\.mjs( --test)?$/,
    effect: (m) => (m[1] === undefined ? { makes: [RELAY] } : {}),
  },
  {
    // macOS: both architectures joined where electron-builder takes the relay from.
    pattern: /^lipo -create -output relay\/target\/release\/assistant-relay\b/,
    effect: () => ({ makes: [RELAY] }),
  },
  // IT's policy templates, generated from the policy declaration.
  {
    pattern: /^tsx scripts\/policy-templates\/build\.ts$/,
    effect: () => ({ makes: ['out/policy-templates'] }),
  },
  { pattern: /^node node_modules\/electron\/install\.js$/, effect: () => ({ makes: [ELECTRON] }) },
  { pattern: /^playwright install chromium$/, effect: () => ({ makes: [CHROMIUM] }) },
  {
    // `npm run test:unit`: unit and integration tests run from the sources; the launch check's
    // tests drive a Chromium as the packaged app's stand-in. Nothing of out/ is needed beyond
    // what `npm ci` builds (bin.test.ts builds out/cli itself): .ci/run proves that on a fresh
    // clone, where this suite runs before any build. On Windows this is the suite
    // `npm run test:windows` runs here, under Wine.
    pattern: /^vitest run$/,
    effect: () => ({ reads: [CHROMIUM] }),
  },
  {
    // IT's policies where the OS keeps them (ci.yml's desktop job): the registry's through the
    // relay the job built before; macOS's managed preferences, read as files.
    pattern:
      /^vitest run test\/integration\/core\/policy\/(windows-registry|macos-managed-live)\.test\.ts$/,
    effect: (m) => ({ reads: m[1] === 'windows-registry' ? [RELAY] : [] }),
  },
  {
    pattern: /^vitest run (?:-c|--config) (\S+)$/,
    effect: (m) => ({
      reads: [...suiteReads(path.dirname(m[1] ?? '')), ...(SUITE_EXTRAS[m[1] ?? ''] ?? [])],
    }),
  },
  {
    // The desktop journeys: the electron project launches Electron's binary, the double a Chromium.
    pattern: /^playwright test (?:-c|--config) (\S+)(.*)$/,
    effect: (m) => ({
      reads: [
        ...suiteReads(path.dirname(m[1] ?? '')),
        /--project=electron\b/.test(m[2] ?? '') ? ELECTRON : CHROMIUM,
      ],
    }),
  },
  {
    // The Windows relay's import table, read from where the relay build puts it.
    pattern: /^tsx scripts\/relay-imports\/cli\.ts (.*)$/,
    effect: (m) => ({ reads: (m[1] ?? '').includes('relay/target/release/') ? [RELAY] : [] }),
  },
  { pattern: /^electron-builder\b/, effect: () => ({ reads: builderInputs(), makes: [RELEASE] }) },
  {
    // Linux: the deb electron-builder made, installed where it puts the app.
    pattern: /^apt-get install (?:-\S+ )*\.\/release\/\S+\.deb$/,
    effect: () => ({ reads: [RELEASE], makes: [INSTALLED_DEB] }),
  },
  {
    // The unpacked build in release/, or (--executable /opt/…) the installed deb.
    pattern: /^tsx scripts\/launch-packaged\.ts\b(.*)$/,
    effect: (m) => ({
      reads: [/--executable "?\/opt\//.test(m[1] ?? '') ? INSTALLED_DEB : RELEASE],
    }),
  },
  // The whole suite on a clean machine: `npm test` builds before each suite that reads a build.
  { pattern: /^bash \.ci\/run$/, effect: () => ({}) },
];

/** Programs that test or package: each must have a rule, or the model would miss its reads. */
const NEEDS_A_RULE =
  /^(vitest|playwright(?! install)|electron-builder|tsx scripts\/(launch-packaged|relay-imports)|bash \.ci\/|apt-get install .*\.\/release\/)/;

export function effectOf(command: string): Effect | undefined {
  for (const rule of RULES) {
    const match = rule.pattern.exec(command);
    if (match !== null) return rule.effect(match);
  }
  return undefined;
}

/** What an upload-artifact step that must find its files (if-no-files-found: error) reads. */
function artifactReads(step: WorkflowStep): string[] {
  if (!step.uses?.startsWith('actions/upload-artifact@')) return [];
  if (step.with?.['if-no-files-found'] !== 'error') return [];
  const paths = String(step.with.path ?? '').split(/\r?\n/);
  return paths.flatMap((entry) => {
    const out = /^out\/([^/]+)/.exec(entry.trim());
    if (out?.[1] !== undefined) return [`out/${out[1]}`];
    return entry.trim().startsWith('release/') ? [RELEASE] : [];
  });
}

/** Every read of the leg that no earlier step (or earlier command of the same step) makes. */
export function legProblems(leg: Leg, scripts: Readonly<Record<string, string>>): string[] {
  const made = new Set<string>();
  const problems: string[] = [];
  for (const { step, runs } of leg.steps) {
    const here = new Set(made);
    const where = `${leg.name}: "${label(step)}"`;
    const check = (what: string, reads: readonly string[]) => {
      for (const wanted of reads) {
        if (!here.has(wanted)) {
          problems.push(`${where} ${what}, which reads ${wanted}: no earlier step makes it`);
        }
      }
    };
    check('keeps an artifact', artifactReads(step));
    const expansion = stepCommands(step.run ?? '', scripts);
    problems.push(...expansion.problems.map((problem) => `${where}: ${problem}`));
    for (const command of expansion.commands) {
      const effect = effectOf(command);
      if (effect === undefined) {
        if (NEEDS_A_RULE.test(command)) {
          problems.push(`${where} runs \`${command}\`, which leg-check.ts has no rule for`);
        }
        continue;
      }
      check(`runs \`${command}\``, effect.reads ?? []);
      for (const output of effect.makes ?? []) here.add(output);
    }
    // A step that may not run (its if: asks more than the OS) makes nothing for the steps after.
    if (runs === 'yes') for (const output of here) made.add(output);
  }
  return problems;
}
