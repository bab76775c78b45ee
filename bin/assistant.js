#!/usr/bin/env node
// The `assistant` command: runs the built CLI (npm ci / npm run build:node produce it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../out/cli/main.js', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('assistant: not built yet; run `npm run build:node` first.\n');
  process.exit(5);
}
await import(built);
