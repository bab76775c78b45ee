// After `npm run build`: what `assistant --version` and `--help` load. Node evaluates every module
// a file imports statically before it runs a line, so the command's start-up cost is the static
// import graph of out/cli/main.js; commands, the client, zod, core's words (FormatJS and the
// catalogues) and the demo service must be behind a dynamic import(). Checked on the built chunks
// (not by timing): esbuild names each source file it bundles in a `// path` comment.
// Then what `assistant status` loads on top (docs/performance.md, its 70 MiB): none of the
// things that cost megabytes without being needed (undici, TLS and HTTP/2 behind an ES import of
// node:http, ICU's locale data behind a formatter made on import).

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from './support/repo';

/**
 * Specifiers of a module's static imports and re-exports (`import … from "x"`, `import "x"`,
 * `export … from "x"`), not import(): all load before the module runs.
 */
function staticImports(source: string): string[] {
  const found = source.matchAll(
    /^(?:import|export)\s+(?:[^'";]+?\s+from\s+)?["']([^"']+)["'];?\s*$/gm,
  );
  return [...new Set([...found].map((m) => m[1] ?? ''))];
}

/** The chunks main.js loads with import() whose file name starts with `name-`. */
function dynamicChunk(name: string): string {
  const main = readFileSync(repoPath('out/cli/main.js'), 'utf8');
  const found = [...main.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)]
    .map((m) => m[1] ?? '')
    .find((specifier) => path.basename(specifier).startsWith(`${name}-`));
  if (found === undefined) throw new Error(`main.js imports no ${name}-*.js chunk`);
  return path.resolve(repoPath('out/cli'), found);
}

/** The source files esbuild bundled into a chunk, from its `// path` comments. */
function bundledSources(source: string): string[] {
  return [...source.matchAll(/^\/\/ (\S+\.(?:ts|js|mjs|cjs|json))$/gm)].map((m) => m[1] ?? '');
}

interface StartGraph {
  files: string[];
  bytes: number;
  sources: string[];
  builtins: string[];
}

function startGraph(...entries: string[]): StartGraph {
  const files: string[] = [];
  const builtins = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else builtins.add(specifier);
    }
  }
  return {
    files,
    bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
    sources: files.flatMap((file) => bundledSources(readFileSync(file, 'utf8'))),
    builtins: [...builtins],
  };
}

let graph: StartGraph;

beforeAll(() => {
  graph = startGraph(repoPath('out/cli/main.js'));
});

describe('the start-up path of the `assistant` command (out/cli/main.js)', () => {
  it('is readable: esbuild named the sources in it (the build is not minified)', () => {
    expect(graph.sources).toContain('electron/cli/main.ts');
    expect(graph.sources).toContain('electron/cli/args.ts');
    expect(graph.sources).toContain('electron/cli/help.ts');
  });

  it('loads no dependency: no zod, no FormatJS, nothing from node_modules', () => {
    expect(graph.sources.filter((s) => s.includes('node_modules/'))).toEqual([]);
  });

  it('loads neither the client, core’s words and catalogues, nor a command or the demo service', () => {
    const heavy = graph.sources.filter(
      (s) =>
        s.startsWith('electron/core/api/') ||
        s.startsWith('electron/core/i18n/') ||
        s.startsWith('electron/domain/i18n/') ||
        s.startsWith('electron/core/stream/') ||
        s.startsWith('electron/cli/commands/read') ||
        s.startsWith('electron/cli/commands/runs') ||
        s.startsWith('electron/demo-service/') ||
        s === 'electron/core/errors.ts' ||
        s === 'electron/contract/zod.ts',
    );
    expect(heavy).toEqual([]);
  });

  it('imports no built-in module as an ES module (each builds its whole namespace first)', () => {
    expect(graph.builtins).toEqual([]);
  });

  it('stays small: under 64 KB in all', () => {
    // About 36 KB when written: the parser, the help texts and the output layer.
    expect(graph.bytes).toBeLessThan(64 * 1024);
  });

  it('reaches the commands only through import(): they exist, but outside this graph', () => {
    const main = readFileSync(repoPath('out/cli/main.js'), 'utf8');
    const dynamic = [...main.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(dynamic.some((s) => s?.includes('/read-'))).toBe(true);
    expect(dynamic.some((s) => s?.includes('/connection-'))).toBe(true);
  });
});

describe('what `assistant status` loads (its read, connection and policy chunks)', () => {
  let status: StartGraph;
  let code: string;

  beforeAll(() => {
    status = startGraph(
      repoPath('out/cli/main.js'),
      dynamicChunk('policy'),
      dynamicChunk('connection'),
      dynamicChunk('read'),
    );
    code = status.files.map((file) => readFileSync(file, 'utf8')).join('\n');
  });

  it('is the command’s own: the client and the status formatter, not the demo service', () => {
    expect(status.sources).toContain('electron/core/api/client.ts');
    expect(status.sources).toContain('electron/cli/format/status.ts');
    expect(status.sources.filter((s) => s.startsWith('electron/demo-service/'))).toEqual([]);
  });

  it('imports no networking or crypto built-in as an ES module (node:http’s namespace alone loads TLS, HTTP/2 and undici)', () => {
    // The policy reader's node:fs/promises, node:os and node:path (about 1 MiB) are allowed.
    const heavy = ['node:http', 'node:https', 'node:http2', 'node:tls', 'node:zlib', 'node:crypto'];
    expect(status.builtins.filter((b) => heavy.includes(b) || heavy.includes(`node:${b}`))).toEqual(
      [],
    );
  });

  it('never makes undici’s Headers, Response or Request (touching one loads all of undici)', () => {
    expect(code.match(/\bnew\s+(?:Headers|Response|Request)\s*\(/g) ?? []).toEqual([]);
  });

  it('makes no Intl formatter on import (the first loads ICU’s locale data, about 6 MiB)', () => {
    expect(code.match(/^(?:var|let|const)\s+\w+\s*=\s*new\s+Intl\./gm) ?? []).toEqual([]);
  });

  it('loads core’s words only when one is formatted: no FormatJS, no catalogue, no translator', () => {
    // They are in chunks/english-words.cjs, which electron/cli/english-words-on-demand.ts
    // requires on first use (test/integration/cli shows an error's sentence through it).
    expect(
      status.sources.filter(
        (s) =>
          s.includes('node_modules/@formatjs/') ||
          s.includes('node_modules/intl-messageformat/') ||
          s.startsWith('electron/domain/i18n/locales/') ||
          s === 'electron/domain/i18n/translator.ts' ||
          s === 'electron/domain/i18n/node-translator.ts',
      ),
    ).toEqual([]);
    expect(status.sources).toContain('electron/cli/english-words-on-demand.ts');
    const words = bundledSources(
      readFileSync(repoPath('out/cli/chunks/english-words.cjs'), 'utf8'),
    );
    expect(words).toContain('electron/domain/i18n/locales/en/errors.json');
    expect(words.filter((s) => s.includes('node_modules/zod/'))).toEqual([]);
  });

  it('builds only the policy part of the contract, not every schema the app has', () => {
    expect(status.sources).toContain('electron/contract/policy.ts');
    expect(status.sources).not.toContain('electron/contract/index.ts');
  });
});
