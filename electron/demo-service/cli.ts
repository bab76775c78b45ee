// `npm run demo-service -- --port 4010`: starts the demo service, prints ONE JSON line on stdout
// ({ baseUrl, origin, loginUrl, token, password, pid }) for scripts to read, then logs requests
// to stderr. Signs in with the public password `demo` unless given one or asked for a random one.
// Stops gracefully on SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PROFILES } from './data/profiles';
import { startDemoService, type DemoService } from './service';

const HELP = `Usage: npm run demo-service -- [options]

  --port N              port to listen on (default 4010; 0 picks a free one)
  --host H              address to listen on (default 127.0.0.1)
  --pacing P            instant | realtime (about 40 tokens/s, the default) | tokens per second
  --token T             fixed demo session token (default: random)
  --password P          sign-in password (default: demo)
  --random-password     a random sign-in password, printed in the JSON line
  --keep-alive-ms N     idle time before a stream keep-alive comment (default 15000)
  --session-ttl-ms N    lifetime of sessions (default: until the service stops)
  --requests-limit N    monthly request quota, or "none" (default none)
  --runs-limit N        monthly run quota, or "none" (default 500)
  --tokens-limit N      monthly token quota, or "none" (default 2000000)
  --fail-runs           every run fails midway
  --profile P           deals and briefings shaped as a CRM's: salesforce | hubspot | pipedrive |
                        dynamics | zoho (default: the demo's own shape)
  --deals N             how many deals (default: one per demo account)
  --search-param P      search | q | none: the parameter GET /deals filters by (default search)
  --quiet               no request log on stderr
  --help                this text
`;

const int = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number);
const quota = z.union([z.literal('none').transform(() => null), int]);

const CliArgs = z.object({
  port: int.default(4010),
  host: z.string().min(1).default('127.0.0.1'),
  pacing: z
    .union([
      z.literal('instant'),
      z.literal('realtime'),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be instant, realtime or a number')
        .transform(Number),
    ])
    .default('realtime'),
  token: z.string().optional(),
  password: z.string().optional(),
  'random-password': z.boolean().default(false),
  'keep-alive-ms': int.optional(),
  'session-ttl-ms': int.optional(),
  'requests-limit': quota.optional(),
  'runs-limit': quota.optional(),
  'tokens-limit': quota.optional(),
  'fail-runs': z.boolean().default(false),
  profile: z.enum(PROFILES).default('default'),
  deals: int.optional(),
  'search-param': z.enum(['search', 'q', 'none']).default('search'),
  quiet: z.boolean().default(false),
  help: z.boolean().default(false),
});

const stringOption = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** The JSON line for scripts on stdout, and how to sign in for people on stderr. */
function announce(service: DemoService, args: z.infer<typeof CliArgs>): void {
  process.stdout.write(
    `${JSON.stringify({ baseUrl: service.baseUrl, origin: service.origin, loginUrl: service.loginUrl, token: service.token, password: service.password, pid: process.pid })}\n`,
  );
  const password = args['random-password']
    ? `the password "${service.password}"`
    : args.password === undefined
      ? 'the password "demo"'
      : 'the --password given';
  process.stderr.write(
    `Demo Assistant Service at ${service.baseUrl}\nSign in at ${service.loginUrl} with any email and ${password}.\n`,
  );
  if (args.host !== '127.0.0.1' && args.host !== 'localhost' && args.host !== '::1') {
    process.stderr.write(`Warning: listening on ${args.host}, reachable from other machines.\n`);
  }
}

async function main(): Promise<void> {
  let args: z.infer<typeof CliArgs>;
  try {
    const { values } = parseArgs({
      options: {
        port: stringOption,
        host: stringOption,
        pacing: stringOption,
        token: stringOption,
        password: stringOption,
        'random-password': flag,
        'keep-alive-ms': stringOption,
        'session-ttl-ms': stringOption,
        'requests-limit': stringOption,
        'runs-limit': stringOption,
        'tokens-limit': stringOption,
        'fail-runs': flag,
        profile: stringOption,
        deals: stringOption,
        'search-param': stringOption,
        quiet: flag,
        help: flag,
      },
      strict: true,
      allowPositionals: false,
    });
    const parsed = CliArgs.safeParse(values);
    if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
    args = parsed.data;
  } catch (err) {
    process.stderr.write(
      `demo-service: ${err instanceof Error ? err.message : String(err)}\n\n${HELP}`,
    );
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }

  const limits = {
    ...(args['requests-limit'] === undefined ? {} : { requests: args['requests-limit'] }),
    ...(args['runs-limit'] === undefined ? {} : { runs: args['runs-limit'] }),
    ...(args['tokens-limit'] === undefined ? {} : { tokens: args['tokens-limit'] }),
  };
  const service = await startDemoService({
    port: args.port,
    host: args.host,
    pacing: args.pacing,
    failRuns: args['fail-runs'],
    profile: args.profile,
    searchParam: args['search-param'],
    ...(args.deals === undefined ? {} : { dealCount: args.deals }),
    limits,
    ...(args.token === undefined ? {} : { token: args.token }),
    // Left out, the service picks a random one.
    ...(args['random-password'] ? {} : { password: args.password ?? 'demo' }),
    ...(args['keep-alive-ms'] === undefined ? {} : { keepAliveMs: args['keep-alive-ms'] }),
    ...(args['session-ttl-ms'] === undefined ? {} : { sessionTtlMs: args['session-ttl-ms'] }),
    ...(args.quiet ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
  });

  announce(service, args);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(`${signal}: stopping\n`);
    void service.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`demo-service: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
