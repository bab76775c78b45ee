#!/usr/bin/env node
// The `assistant` command: runs the built CLI (npm ci / npm run build:node produce it).
// node:fs and node:url are taken as CommonJS takes them, not by ES import: an ES import of a
// built-in builds its whole namespace (node:fs's pulls in its streams and promises), a few
// milliseconds that `assistant --version` would spend before doing anything.
const { existsSync } = process.getBuiltinModule('node:fs');
const { fileURLToPath } = process.getBuiltinModule('node:url');

const builtUrl = new URL('../out/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(builtUrl))) {
  // Exit 4 ("another error"): 5 would tell scripts the service is unreachable and worth retrying.
  process.stderr.write(
    'assistant: not built yet; run `npm run build:node` first (code not_built)\n',
  );
  process.exit(4);
}
// By URL: on Windows, import() takes an absolute path's drive letter for a URL scheme and fails.
await import(builtUrl.href);
