// The demo service's options, validated once at start so a typo fails loudly instead of
// silently using a default.
import { z } from 'zod';
import { PROFILES } from './data/profiles';

const quota = z.int().min(0).nullable();

export const PacingSchema = z.union([
  z.literal('instant'),
  z.literal('realtime'),
  z.number().positive().max(1_000_000),
]);

export const DemoServiceOptionsSchema = z.object({
  /** 0 picks a free port. */
  port: z.int().min(0).max(65_535).default(0),
  host: z.string().min(1).default('127.0.0.1'),
  /** The demo session token printed at start; random when absent. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{4,256}$/, 'must be 4-256 cookie-safe characters')
    .optional(),
  /**
   * Sign-in password (any non-empty email is accepted). Random when absent, so a demo service
   * embedded in the app cannot be signed in to with a password every web page knows; the
   * standalone command keeps `demo` unless told otherwise.
   */
  password: z.string().min(1).max(256).optional(),
  pacing: PacingSchema.default('realtime'),
  keepAliveMs: z.int().min(10).max(3_600_000).default(15_000),
  retryMs: z.int().min(0).max(3_600_000).default(2_000),
  /** Lifetime of new sessions; null keeps them until revoked or the service stops. */
  sessionTtlMs: z.int().positive().nullable().default(null),
  limits: z
    .object({ requests: quota.optional(), runs: quota.optional(), tokens: quota.optional() })
    .strict()
    .default({}),
  /** Make every run fail midway (a single run can ask for it with input.demo.fail). */
  failRuns: z.boolean().default(false),
  /** Finished runs kept in memory; the oldest go first. */
  maxRuns: z.int().min(1).max(100_000).default(1_000),
  /** Whose shape deals and briefings take: the demo's own, or a CRM's (see data/profiles.ts). */
  profile: z.enum(PROFILES).default('default'),
  /** How many deals; default one per demo account. */
  dealCount: z.int().min(1).max(100_000).optional(),
  /** Which query parameter GET /deals filters by; `none`: it ignores every search (lists all). */
  searchParam: z.enum(['search', 'q', 'none']).default('search'),
  /** Where request log lines go; silent when absent. */
  log: z.custom<(line: string) => void>((v) => typeof v === 'function').optional(),
  /** The service's clock, for tests: briefings, dates, billing periods and timestamps use it. */
  clock: z.custom<() => Date>((v) => typeof v === 'function').optional(),
});

export type DemoServiceOptions = z.input<typeof DemoServiceOptionsSchema>;
export type ResolvedOptions = z.output<typeof DemoServiceOptionsSchema>;

export const DEFAULT_LIMITS = { requests: null, runs: 500, tokens: 2_000_000 } as const;

export const BASE_PATH = '/api/v1/assistant';
export const SESSION_COOKIE = 'sb-access-token';
