// `npm run dev`: the renderer from Vite's dev server with hot reload, main and preload rebuilt by
// esbuild on every change (Electron restarts when they change), all against the embedded demo
// service. The dev server's pages get a dev-only CSP from main (Vite's React preamble is inline);
// a packaged app never honours ASSISTANT_DEV_SERVER_URL.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { context } from 'esbuild';
import { createServer } from 'vite';

const require = createRequire(import.meta.url);
const DEV_HOST = '127.0.0.1';

const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { host: DEV_HOST, port: 5173, strictPort: false },
});
await vite.listen();
const devUrl = vite.resolvedUrls?.local[0] ?? `http://${DEV_HOST}:5173/`;
console.log(`dev: renderer at ${devUrl}`);

/** @type {import('node:child_process').ChildProcess | undefined} */
let electron;
let stopping = false;
let restarting = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let restartTimer;

function startElectron() {
  // Electron's package resolves (and on first use downloads) its binary.
  const binary = require('electron');
  const child = spawn(String(binary), ['.'], {
    stdio: 'inherit',
    env: { ...process.env, ASSISTANT_DEV_SERVER_URL: devUrl },
  });
  electron = child;
  child.on('exit', (code) => {
    if (electron === child) electron = undefined;
    // The user quit the app: dev mode ends with it.
    if (!stopping && !restarting) void stop(code ?? 0);
  });
}

/** Main or preload changed: restart Electron once the burst of rebuilds is over. */
function restartElectron() {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    restartTimer = undefined;
    const old = electron;
    const relaunch = () => {
      restarting = false;
      if (!stopping) startElectron();
    };
    if (old === undefined) return relaunch();
    restarting = true;
    old.once('exit', relaunch);
    old.kill('SIGTERM');
  }, 200);
}

// The same bundles as scripts/build-node.mjs, for main and preload only, rebuilt on change.
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['electron'],
  sourcemap: true,
  outdir: 'out',
  logLevel: 'warning',
};
let built = 0;
const onRebuild = {
  name: 'restart-electron',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      built += 1;
      // The first two builds (main and preload) start Electron; later ones restart it.
      if (built === 2) startElectron();
      else if (built > 2) restartElectron();
    });
  },
};
const contexts = await Promise.all([
  context({
    ...common,
    entryPoints: [{ in: 'electron/main/index.ts', out: 'main/index' }],
    format: 'esm',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    plugins: [onRebuild],
  }),
  context({
    ...common,
    entryPoints: [{ in: 'electron/preload/index.ts', out: 'preload/index' }],
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    plugins: [onRebuild],
  }),
]);
await Promise.all(contexts.map((ctx) => ctx.watch()));

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  clearTimeout(restartTimer);
  electron?.kill('SIGTERM');
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  await vite.close();
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
