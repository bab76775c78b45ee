// This process's reads and replaces of one file take turns (Windows refuses to replace a file a
// read holds open); different files do not wait on each other, and a failed turn lets the next go.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inTurn } from '../../../../electron/core/storage/file-turns';

/** A turn's work that records when it starts and ends and finishes when told to. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((settle) => {
    finish = settle;
  });
  const work = async () => {
    log.push(`${name} starts`);
    await done;
    log.push(`${name} ends`);
    return name;
  };
  return { work, finish };
}

const tick = () => new Promise((settle) => setImmediate(settle));

describe('turns on a file', () => {
  it('runs one turn at a time per file, in the order asked', async () => {
    const log: string[] = [];
    const path = join('data', 'runs', 'r1', 'meta.json');
    const replace = step(log, 'replace');
    const read = step(log, 'read');
    const first = inTurn(path, replace.work);
    // The same file by another spelling of its path.
    const second = inTurn(join('data', 'runs', '..', 'runs', 'r1', 'meta.json'), read.work);
    await tick();
    expect(log).toEqual(['replace starts']);
    read.finish();
    replace.finish();
    expect(await Promise.all([first, second])).toEqual(['replace', 'read']);
    expect(log).toEqual(['replace starts', 'replace ends', 'read starts', 'read ends']);
  });

  it('lets turns on different files run together', async () => {
    const log: string[] = [];
    const one = step(log, 'one');
    const other = step(log, 'other');
    const both = Promise.all([inTurn('a.json', one.work), inTurn('b.json', other.work)]);
    await tick();
    expect(log).toEqual(['one starts', 'other starts']);
    one.finish();
    other.finish();
    await both;
  });

  it('gives the file to the next turn when a turn fails', async () => {
    const failed = inTurn('c.json', () => Promise.reject(new Error('EPERM')));
    const next = inTurn('c.json', () => Promise.resolve('read'));
    await expect(failed).rejects.toThrow('EPERM');
    await expect(next).resolves.toBe('read');
    await expect(inTurn('c.json', () => Promise.resolve('again'))).resolves.toBe('again');
  });
});
