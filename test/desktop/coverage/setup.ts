// Global setup of the desktop journeys: the built app must be there (the journeys run the real
// out/main and out/preload bundles), and the last run's coverage files go.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

export default function setup(): void {
  const repo = resolve(import.meta.dirname, '../../..');
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(resolve(repo, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the desktop journeys.`);
    }
  }
  rmSync(resolve(repo, 'test-results', 'desktop-coverage'), { recursive: true, force: true });
}
