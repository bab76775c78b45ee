// The docs' checker on sample documents: it must refuse what a reader could not run or open.
import { describe, expect, it } from 'vitest';
import {
  documentProblems,
  headingAnchor,
  headingAnchors,
  shellBlockLines,
  simpleCommands,
  type Repository,
} from './doc-check';

const repo: Repository = {
  scripts: new Set(['start', 'test', 'web', 'assistant']),
  bins: new Set(['vitest']),
  exists: (path) => ['README.md', 'docs/guide.md', 'bin/assistant.js'].includes(path),
  anchors: (path) => (path === 'docs/guide.md' ? new Set(['browser-mode']) : new Set()),
};

const fence = '```';

describe('the docs checker', () => {
  it('refuses a shell block that names a script package.json does not have', () => {
    const doc = `${fence}sh\nnpm ci && npm run serve -- --port 5180\n${fence}\n`;
    expect(documentProblems('README.md', doc, repo)).toEqual([
      'README.md: no npm script "serve" in package.json',
    ]);
  });

  it('refuses the same in inline code, and npm start or npm test without their script', () => {
    const doc = 'Run `npm run -s lint:all` first.\n';
    expect(documentProblems('README.md', doc, repo)).toEqual([
      'README.md: no npm script "lint:all" in package.json',
    ]);
    const noStart: Repository = { ...repo, scripts: new Set(['web']) };
    expect(documentProblems('README.md', 'Then `npm start`.', noStart)).toEqual([
      'README.md: no npm script "start" in package.json',
    ]);
  });

  it('accepts scripts that exist, with npm options, environment and arguments', () => {
    const doc = [
      `${fence}sh`,
      'FOO=1 npm run -s assistant -- status   # a comment naming npm run nothing',
      'npm test',
      'npx vitest run test/unit \\',
      '    --reporter dot',
      'node bin/assistant.js --help',
      fence,
    ].join('\n');
    expect(documentProblems('README.md', doc, repo)).toEqual([]);
  });

  it('refuses an npx tool or a node script that is not there', () => {
    const doc = `${fence}bash\nnpx jest\nnode scripts/gone.mjs\n${fence}\n`;
    expect(documentProblems('README.md', doc, repo)).toEqual([
      'README.md: npx jest: no such executable in node_modules',
      'README.md: node scripts/gone.mjs: no such file',
    ]);
  });

  it('refuses a relative link to a missing file or heading, and ignores web links', () => {
    const doc = [
      '[guide](guide.md#browser-mode) [home](../README.md) [web](https://example.com/x)',
      '[gone](missing.md) [wrong heading](guide.md#no-such-part) [up](../../x.md)',
    ].join('\n');
    expect(documentProblems('docs/guide.md', doc, repo)).toEqual([
      'docs/guide.md: link missing.md: no file docs/missing.md',
      'docs/guide.md: link guide.md#no-such-part: no heading #no-such-part in docs/guide.md',
      'docs/guide.md: link ../../x.md leaves the repository',
    ]);
  });

  it('ignores code blocks of other languages and links inside code', () => {
    const doc = `${fence}ts\nnpm run nothing\n${fence}\n\`[a](gone.md)\`\n`;
    expect(documentProblems('README.md', doc, repo)).toEqual([]);
  });

  it('reads continuation lines and splits chained commands', () => {
    expect(shellBlockLines(`${fence}sh\nnpm run a \\\n  --flag\n${fence}`)).toEqual([
      'npm run a --flag',
    ]);
    expect(simpleCommands('A=1 npm ci && npm start | tee log')).toEqual([
      ['npm', 'ci'],
      ['npm', 'start'],
      ['tee', 'log'],
    ]);
  });

  it('reads a document with CRLF line endings as the same document with LF', () => {
    // What a checkout with core.autocrlf and no .gitattributes gives (the Windows runner's Git).
    const doc = [
      '# Start here',
      `${fence}sh`,
      'npm run serve \\',
      '  --port 5180   # a comment',
      'npx jest',
      fence,
      'Then `npm run -s lint:all`, see [gone](missing.md) and [here](#start-here).',
      `${fence}ts`,
      'npm run nothing',
      fence,
      '',
    ].join('\n');
    const crlf = doc.replace(/\n/g, '\r\n');
    expect(shellBlockLines(crlf)).toEqual(['npm run serve --port 5180', 'npx jest']);
    expect([...headingAnchors(crlf)]).toEqual(['start-here']);
    const problems = documentProblems('README.md', doc, repo);
    expect(problems).toEqual([
      'README.md: no npm script "serve" in package.json',
      'README.md: npx jest: no such executable in node_modules',
      'README.md: no npm script "lint:all" in package.json',
      'README.md: link missing.md: no file missing.md',
      'README.md: link #start-here: no heading #start-here in README.md',
    ]);
    expect(documentProblems('README.md', crlf, repo)).toEqual(problems);
  });

  it("makes GitHub's anchors from headings", () => {
    expect(headingAnchor('Start-up order (the first screen from cache)')).toBe(
      'start-up-order-the-first-screen-from-cache',
    );
    expect(headingAnchor("Any service's records")).toBe('any-services-records');
    expect(headingAnchor('`npm test`')).toBe('npm-test');
  });
});
