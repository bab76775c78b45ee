// electron-builder's afterSign hook (electron-builder.yml): on macOS, signs an unsigned build ad
// hoc as a whole bundle (./ad-hoc.ts says why), through ./cli.ts under tsx, where the decision
// is typed and tested. electron-builder 26 runs this hook on macOS whether or not it found an
// identity (MacPackager.signApp does not pass on sign()'s answer); should that change, the
// release's macOS job fails at its `codesign --verify --deep --strict` step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** @param {{ electronPlatformName: string, appOutDir: string, packager: { appInfo: { productFilename: string } } }} context */
export default function afterSign(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const app = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  const result = spawnSync(process.execPath, [tsx, path.join(here, 'cli.ts'), app], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`Signing ${app} ad hoc failed (exit ${String(result.status)}): see above.`);
  }
}
