// `npm run bench`: runs every `bench/**/*.bench.ts`, one after the other, in file order.
// A benchmark file exports `default async function (): Promise<void>` that prints its figures.
// Benchmarks print; they never fail the build (the exit code is 0 unless a file crashes), and
// they are not part of `npm test`. `npm run bench -- stream` runs only files whose path contains
// "stream".
import { readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BenchModule = { default?: () => Promise<void> | void };

const root = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);

const files = (await readdir(root, { recursive: true }))
  .filter((name) => name.endsWith('.bench.ts'))
  .map((name) => join(root, name))
  .filter((path) => filters.length === 0 || filters.some((f) => relative(root, path).includes(f)))
  .sort();

if (files.length === 0) {
  console.log('No benchmark matched.');
}

let crashed = false;
for (const file of files) {
  console.log(`\n=== ${relative(root, file)} ===`);
  try {
    const module = (await import(pathToFileURL(file).href)) as BenchModule;
    if (typeof module.default === 'function') await module.default();
  } catch (error) {
    crashed = true;
    console.error(`${relative(root, file)} crashed:`, error);
  }
}
process.exit(crashed ? 1 : 0);
