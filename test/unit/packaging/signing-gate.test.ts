// The release workflow's signing gate (scripts/signing-gate/gate.ts), over its inputs per OS:
// an update feed ships only where the app checks who signed an update; Linux never gets one. Then
// that release.yml really asks the gate for the feed before packaging, and that the Windows
// publisher the updater checks is configured.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { decideSigning } from '../../../scripts/signing-gate/gate';
import { readWorkflow, REPO_ROOT } from './support/workflows';

const GITHUB = { UPDATE_PROVIDER: 'github', GITHUB_REPOSITORY: 'acme/desktop' };
const GENERIC = { UPDATE_PROVIDER: 'generic', UPDATE_URL: 'https://updates.example.com/a/' };
const SIGNED = {
  HAS_WIN_CERTIFICATE: 'true',
  HAS_MAC_CERTIFICATE: 'true',
  HAS_MAC_NOTARISATION: 'true',
};
const UNSIGNED = {
  HAS_WIN_CERTIFICATE: 'false',
  HAS_MAC_CERTIFICATE: 'false',
  HAS_MAC_NOTARISATION: 'false',
};

describe('the signing gate', () => {
  it.each(['win', 'mac'])('fails a %s build with a feed and no certificate, saying why', (os) => {
    for (const feed of [GITHUB, GENERIC]) {
      const decision = decideSigning({ PLATFORM: os, ...feed, ...UNSIGNED });
      expect(decision.ok).toBe(false);
      if (decision.ok) continue;
      expect(decision.error).toMatch(/update feed but no (Windows|macOS) signing certificate/);
      expect(decision.error).toContain(os === 'win' ? 'WIN_CSC_LINK' : 'MAC_CSC_LINK');
      expect(decision.error).toContain('UPDATE_PROVIDER to none');
    }
  });

  it('looks only at the certificate of the OS being built', () => {
    const winOnly = { ...UNSIGNED, HAS_WIN_CERTIFICATE: 'true' };
    expect(decideSigning({ PLATFORM: 'win', ...GITHUB, ...winOnly }).ok).toBe(true);
    expect(decideSigning({ PLATFORM: 'mac', ...GITHUB, ...winOnly }).ok).toBe(false);
  });

  it('passes the feed to signed Windows and macOS builds', () => {
    expect(decideSigning({ PLATFORM: 'win', ...GITHUB, ...SIGNED })).toEqual({
      ok: true,
      feedArgs: ['-c.publish.provider=github', '-c.publish.owner=acme', '-c.publish.repo=desktop'],
      notices: [],
      warnings: [],
    });
    const mac = decideSigning({ PLATFORM: 'mac', ...GENERIC, ...SIGNED });
    expect(mac).toMatchObject({
      ok: true,
      feedArgs: ['-c.publish.provider=generic', '-c.publish.url=https://updates.example.com/a/'],
    });
  });

  it('warns, without failing, when a signed macOS build cannot be notarised', () => {
    const decision = decideSigning({
      PLATFORM: 'mac',
      ...GITHUB,
      ...SIGNED,
      HAS_MAC_NOTARISATION: 'false',
    });
    expect(decision.ok).toBe(true);
    expect(decision.ok && decision.warnings.join(' ')).toMatch(/notarisation/);
  });

  it('never gives Linux a feed, signed or not, and says why', () => {
    for (const signing of [SIGNED, UNSIGNED]) {
      for (const feed of [GITHUB, GENERIC]) {
        const decision = decideSigning({ PLATFORM: 'linux', ...feed, ...signing });
        expect(decision).toMatchObject({ ok: true, feedArgs: [] });
        expect(decision.ok && decision.notices.join(' ')).toMatch(
          /does not verify the signature of an AppImage or deb/,
        );
      }
    }
  });

  it.each(['win', 'mac', 'linux'])('lets an unsigned %s build through without a feed', (os) => {
    for (const provider of [undefined, '', 'none']) {
      const decision = decideSigning({ PLATFORM: os, UPDATE_PROVIDER: provider, ...UNSIGNED });
      expect(decision).toMatchObject({ ok: true, feedArgs: [] });
      expect(decision.ok && decision.notices.join(' ')).toMatch(/will not update themselves/);
    }
  });

  it('refuses a feed it cannot use, whatever the signing', () => {
    const refused = [
      { UPDATE_PROVIDER: 'generic', UPDATE_URL: 'http://updates.example.com/' },
      { UPDATE_PROVIDER: 'generic', UPDATE_URL: 'https://a.example/ -c.win.sign=x' },
      { UPDATE_PROVIDER: 'generic' },
      { UPDATE_PROVIDER: 'github', GITHUB_REPOSITORY: 'no-slash' },
      { UPDATE_PROVIDER: 's3' },
    ];
    for (const feed of refused) {
      expect(decideSigning({ PLATFORM: 'win', ...feed, ...SIGNED }).ok).toBe(false);
    }
    expect(decideSigning({ PLATFORM: 'solaris', ...GITHUB, ...SIGNED })).toEqual({
      ok: false,
      error: 'PLATFORM must be win, mac or linux.',
    });
  });
});

function runCli(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const tsx = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const cli = path.join(REPO_ROOT, 'scripts', 'signing-gate', 'cli.ts');
  const { PATH, HOME, SYSTEMROOT } = process.env;
  const base = Object.fromEntries(
    Object.entries({ PATH, HOME, SYSTEMROOT }).filter(([, v]) => v !== undefined),
  );
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [tsx, cli],
      { cwd: REPO_ROOT, env: { ...base, ...env } },
      (error, stdout) => {
        if (error !== null && typeof error.code !== 'number') reject(error);
        else resolve({ code: error === null ? 0 : Number(error.code), stdout });
      },
    );
  });
}

describe('the gate as the release job runs it', () => {
  it('fails the job with an error annotation, or writes the feed to the step output', async () => {
    const refused = await runCli({ PLATFORM: 'win', ...GITHUB, ...UNSIGNED });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^::error title=Signing gate::This release has an update feed/m);

    const dir = await mkdtemp(path.join(tmpdir(), 'signing-gate-'));
    try {
      const output = path.join(dir, 'output');
      const passed = await runCli({ PLATFORM: 'win', ...GITHUB, ...SIGNED, GITHUB_OUTPUT: output });
      expect(passed.code).toBe(0);
      expect(await readFile(output, 'utf8')).toBe(
        'args=-c.publish.provider=github -c.publish.owner=acme -c.publish.repo=desktop\n',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is the step that gives the package step its feed, on every OS', () => {
    const release = readWorkflow('release.yml');
    const job = Object.values(release.jobs).find((candidate) =>
      candidate.steps.some((step) => /electron-builder/.test(step.run ?? '')),
    );
    const steps = job?.steps ?? [];
    const gate = steps.findIndex((step) => /signing-gate\/cli\.ts/.test(step.run ?? ''));
    const pack = steps.findIndex((step) => /electron-builder/.test(step.run ?? ''));
    expect(gate).toBeGreaterThanOrEqual(0);
    expect(gate).toBeLessThan(pack);
    const gateStep = steps[gate];
    expect(gateStep?.if).toBeUndefined();
    expect(gateStep?.['continue-on-error']).toBeUndefined();
    expect(gateStep?.env?.PLATFORM).toBe('${{ matrix.platform }}');
    expect(steps[pack]?.env?.FEED_ARGS).toBe(`\${{ steps.${String(gateStep?.id)}.outputs.args }}`);
  });
});

describe('the Windows publisher the updater checks', () => {
  it('is set, so app-update.yml names whose signature an update must carry', async () => {
    const config: Configuration = await getConfig(REPO_ROOT, null, null);
    const names = config.win?.signtoolOptions?.publisherName;
    expect(typeof names === 'string' ? names.trim() : names).toBeTruthy();
  });
});
