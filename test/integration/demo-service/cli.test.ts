// The standalone command: prints one JSON line with the addresses and token, serves the API, and
// stops on SIGTERM. It runs as `node --import tsx electron/demo-service/cli.ts`, which is what
// `npm run demo-service` (tsx) does, minus the wrapper processes of npx and tsx's own CLI: a
// signal then reaches the service itself, and no grandchild can outlive the test.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

const TSX = ['--import', 'tsx'];

const StartLine = z.looseObject({
  baseUrl: z.url(),
  origin: z.url(),
  loginUrl: z.url(),
  token: z.string().min(1),
});

describe('npm run demo-service', () => {
  // POSIX only: on Windows kill() ends the process at once, with no SIGTERM for it to handle.
  it.skipIf(process.platform === 'win32')(
    'prints one JSON line on stdout, serves the API with that token, and exits 0 on SIGTERM',
    async () => {
      const child = spawn(
        process.execPath,
        [...TSX, 'electron/demo-service/cli.ts', '--port', '0', '--pacing', 'instant'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        let stdout = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          stdout += chunk;
        });
        const firstLine = await new Promise<string>((resolve, reject) => {
          const lines = createInterface({ input: child.stdout });
          lines.once('line', resolve);
          child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
          setTimeout(() => reject(new Error('no line within 20 s')), 20_000).unref();
        });
        const start = StartLine.parse(JSON.parse(firstLine));
        expect(start.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/assistant$/);
        expect(start.loginUrl).toBe(`${start.origin}/login`);

        const res = await fetch(start.baseUrl, {
          headers: { cookie: `sb-access-token=${start.token}` },
        });
        expect(res.status).toBe(200);

        const exited = new Promise<number | null>((resolve) =>
          child.once('close', (code) => resolve(code)),
        );
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(stdout.trim().split('\n')).toHaveLength(1);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );

  it('refuses unknown options with exit code 2 and usage on stderr', async () => {
    const child = spawn(
      process.execPath,
      [...TSX, 'electron/demo-service/cli.ts', '--port', 'eighty'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    // 'close': once stderr has been read to its end too ('exit' can come first on Windows).
    const code = await new Promise<number | null>((resolve) =>
      child.once('close', (c) => resolve(c)),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('Usage:');
    expect(stderr).toContain('port');
  });
});
