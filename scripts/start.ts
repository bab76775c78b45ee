// `npm start`: fetch Electron's binary if it is missing, build the app, open it in Electron
// against the embedded demo service. Where the binary cannot be had it says how to use browser
// mode (`npm run web`) instead. ./start-app/start-app.ts holds the decision.

import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fetchElectronBinary, findElectronBinary } from './start-app/electron-binary';
import { startApp } from './start-app/start-app';

// Only the package's folder: requiring 'electron' itself would start its own download.
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

function build(): number {
  // npm runs this script and says where it is; its own script runs the build on every OS.
  const npmCli = process.env.npm_execpath;
  if (npmCli === undefined || npmCli === '') {
    process.stderr.write('npm start: run this through npm (`npm start`), which builds first.\n');
    return 1;
  }
  return spawnSync(process.execPath, [npmCli, 'run', 'build'], { stdio: 'inherit' }).status ?? 1;
}

function launch(binary: string): Promise<number> {
  const child = spawn(binary, ['.'], { stdio: 'inherit', windowsHide: false });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`npm start: Electron did not start (${error.message}).\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

process.exitCode = await startApp({
  findBinary: () => findElectronBinary(electronDir),
  fetchBinary: () => fetchElectronBinary(electronDir),
  build,
  launch,
  tell: (message) => process.stderr.write(`${message}\n`),
});
