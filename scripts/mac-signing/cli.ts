// `tsx scripts/mac-signing/cli.ts <path to the .app>`: what after-sign.mjs (electron-builder's
// afterSign hook) runs on macOS; ad-hoc.ts says why. Exits 1, saying what failed, when the app
// could not be signed: a build that would say "damaged" is not packaged.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { signAdHocWhenUnsigned, SigningError, type Run } from './ad-hoc';

const run: Run = (command, args) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
};

function main(argv: readonly string[]): number {
  const [app] = argv;
  if (app === undefined || !app.endsWith('.app') || !existsSync(app)) {
    console.error(`Usage: tsx scripts/mac-signing/cli.ts <an existing .app>, not ${String(app)}`);
    return 2;
  }
  const relay = path.join(app, 'Contents', 'Resources', 'relay', 'assistant-relay');
  try {
    const outcome = signAdHocWhenUnsigned(app, existsSync(relay) ? relay : undefined, run);
    console.log(
      outcome.kind === 'identity'
        ? `${app}: signed with an identity, left as it is.`
        : `${app}: no identity, signed ad hoc as a whole bundle and verified (codesign --verify --deep --strict).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    console.error(`${app}: ${error.message}`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
