// The release workflow's signing gate (see ./gate.ts): reads its inputs from the
// environment, says what it decided as GitHub annotations, writes the feed's electron-builder
// options to the step's output `args`, and fails the job when a feed would ship unsigned.

import { appendFileSync } from 'node:fs';
import { decideSigning } from './gate';

const decision = decideSigning(process.env);
if (!decision.ok) {
  console.log(`::error title=Signing gate::${decision.error}`);
  process.exitCode = 1;
} else {
  for (const notice of decision.notices) console.log(`::notice title=Signing gate::${notice}`);
  for (const warning of decision.warnings) console.log(`::warning title=Signing gate::${warning}`);
  const line = `args=${decision.feedArgs.join(' ')}\n`;
  const output = process.env.GITHUB_OUTPUT;
  if (output) appendFileSync(output, line);
  else process.stdout.write(line);
}
