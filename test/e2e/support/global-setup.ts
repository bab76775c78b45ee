// Builds the renderer before the browser tests when out/renderer is missing or stale, so the
// page under test is the code in the tree.
import { ensureRenderer } from '../../../electron/web/ensure-renderer';

export default async function globalSetup(): Promise<void> {
  const outcome = await ensureRenderer(process.cwd());
  if (outcome === 'built') process.stderr.write('e2e: built the renderer (out/renderer)\n');
}
