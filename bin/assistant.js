#!/usr/bin/env node
// The `assistant` command: runs the built CLI (npm ci / npm run build:node produce it).
// node:fs and node:url are taken as CommonJS takes them, not by ES import: an ES import of a
// built-in builds its whole namespace (node:fs's pulls in its streams and promises), a few
// milliseconds that `assistant --version` would spend before doing anything.
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');
const { fileURLToPath } = process.getBuiltinModule('node:url');

// `assistant --version` alone is answered here, from package.json (where the built command's
// APP_VERSION comes from too): Node's module loader compiling and linking the command's start-up
// chunks costs about a third of Node's own start, and scripts call --version to check that the
// command is there. Anything else, `--version` with other words included, goes to the command.
// No process.exit after the write: on Windows a pipe is written asynchronously.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--version') {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`assistant ${version}\n`);
} else {
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
}
