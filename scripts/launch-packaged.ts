// `npm run launch-packaged`: after electron-builder, launch the unpacked app it built and check
// its first window (./packaged-app/launch.ts says how and why). release.yml runs it on every OS
// and publishes nothing unless it passed on all of them. `--help` for the options.

import { runLaunchCheck } from './packaged-app/cli';

process.exitCode = await runLaunchCheck(process.argv.slice(2));
