// The app's pipe name on Windows is the one the relay computes for the same user: both sides are
// tested against one table of user names (relay/testdata/pipe-names.tsv; the relay's side is
// `npm run test:relay`, in relay/src/places.rs). A pipe the relay names differently is a companion
// that says the app is not running while it is.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { socketPath } from '../../../../electron/core/companion/places';

const TABLE = join(
  resolve(import.meta.dirname, '../../../..'),
  'relay',
  'testdata',
  'pipe-names.tsv',
);

/** The table's cases: `user name<TAB>pipe name` lines; `#` lines and empty lines are comments. */
function readTable(): { user: string; pipe: string }[] {
  return readFileSync(TABLE, 'utf8')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const tab = line.indexOf('\t');
      if (tab < 0) throw new Error(`no tab in the table's line ${JSON.stringify(line)}`);
      return { user: line.slice(0, tab), pipe: line.slice(tab + 1) };
    });
}

const pipeFor = (username: string) =>
  socketPath({ platform: 'win32', env: {}, home: 'C:\\Users\\someone', uid: -1, username });

describe('the companion pipe’s name on Windows', () => {
  const cases = readTable();

  it('is the table’s for every user name in it, as the relay’s is', () => {
    // A table read as nothing must not pass.
    expect(cases.length).toBeGreaterThanOrEqual(15);
    expect(cases.map(({ user }) => [user, pipeFor(user)])).toEqual(
      cases.map(({ user, pipe }) => [user, pipe]),
    );
  });

  it('holds the names the rule is about: an emoji, spaces, a domain account, none', () => {
    const users = cases.map(({ user }) => user);
    expect(users).toEqual(
      expect.arrayContaining(['jane😀', 'Jane Doe', 'CORP\\jane.doe', '田中太郎', '']),
    );
  });

  it('cleans a lone surrogate as one character, as the relay reads it (U+FFFD)', () => {
    expect(pipeFor('\uD800x')).toBe(pipeFor('\uFFFDx'));
    expect(pipeFor('\uD800x')).toBe('\\\\.\\pipe\\assistant-desktop-companion-_x');
  });
});
