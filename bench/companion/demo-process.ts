// The demo service as the companion bench starts it, alone in its process (it stands for the
// remote service): deals shaped as Salesforce's, answers at once, each answer --tokens long.
// Prints `{"baseUrl": …, "token": …}` once serving and stops on SIGTERM.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startDemoService } from '../../electron/demo-service';

const Args = z.object({ tokens: z.coerce.number().int().positive() });
const { values } = parseArgs({ options: { tokens: { type: 'string' } }, strict: true });
const args = Args.parse(values);
const demo = await startDemoService({ profile: 'salesforce', pacing: 'instant' });
demo.control.setRunLength(args.tokens);
process.stdout.write(`${JSON.stringify({ baseUrl: demo.baseUrl, token: demo.token })}\n`);
process.once('SIGTERM', () => void demo.stop().finally(() => process.exit(0)));
