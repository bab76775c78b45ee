// The narrow contract the companion may use: a named subset of the app's contract, each call
// checked with the contract's own schemas by the same dispatcher the other hosts use, plus two
// requests of its own built on that subset (finding a deal by its CRM record; following a run).
// Nothing else: not settings, the session, the service's address, diagnostics, logs or the inbox.
import { z } from 'zod';
import {
  Deal,
  LiveRun,
  LiveRuns,
  LiveRunSummary,
  RunIdInput,
  RunsFindInput,
  Transcript,
  DealsList,
  HostErrorCodes,
  type RequestName,
  type Result,
} from '../../contract';
import { describeIssue, type Dispatch, type RequestContext } from '../host/dispatcher';
import { CRMS } from './crm-id';
import { CompanionErrorCodes, failure } from './protocol';
import { findDealByRecord, hostCheck } from './deal-record-ids';

/** Contract requests the companion may make, as they are. */
export const CONTRACT_SUBSET = [
  'deals.get',
  'agents.list',
  'runs.start',
  'runs.cancel',
  'runs.find',
  'briefings.meeting',
  'usage.summary',
] as const;

/** The companion's own requests. */
export const COMPANION_REQUESTS = ['deals.findByCrmRecord', 'runs.follow'] as const;

export const SUBSET = [...CONTRACT_SUBSET, ...COMPANION_REQUESTS] as const;
export type SubsetName = (typeof SUBSET)[number];

/**
 * Never served to a companion, even if a later edit put one in the subset: the user's decisions
 * about browsers (a browser must never allow itself), settings, the session, the service's
 * address, diagnostics and the inbox.
 */
export const REFUSED_TO_COMPANION: readonly RequestName[] = [
  'companion.browsers',
  'companion.decide',
  'companion.revoke',
  'settings.get',
  'settings.update',
  'session.status',
  'session.signIn',
  'session.setToken',
  'session.signOut',
  'service.metadata',
  'app.info',
  'diagnostics.copy',
  'inbox.list',
  'inbox.markRead',
  'inbox.markAllRead',
  'inbox.catchUp',
];

export function isSubsetName(name: string): name is SubsetName {
  if ((REFUSED_TO_COMPANION as readonly string[]).includes(name)) return false;
  return (SUBSET as readonly string[]).includes(name);
}

/** Finding runs is for one deal at a time: the panel shows that deal's runs. */
const DealRunsInput = RunsFindInput.required({ dealId: true });

export const FindByCrmRecordInput = z.strictObject({
  crm: z.enum(CRMS),
  recordId: z.string().trim().min(1).max(64),
  /**
   * The tab's host name (the CRM organisation's own host): a record whose own address names
   * another host is another organisation's, and is not matched.
   */
  host: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/),
  /** The tab's title, for finding the deal by name when no record carries the id. */
  title: z.string().trim().min(1).max(200).optional(),
});
export const FoundDeal = z.object({
  deal: Deal.nullable(),
  matchedBy: z.enum(['record-id', 'title']).nullable(),
  /**
   * Whether the deal's record names the tab's host (`agrees`) or says nothing of its CRM host
   * (`unstated`, what the service's spec leaves open): the panel shows an `unstated` match from a
   * host the user has not seen before only with a notice, or not at all (docs/companion.md).
   */
  host: z.enum(['agrees', 'unstated']).nullable(),
});
export type FoundDeal = z.infer<typeof FoundDeal>;

export const FollowOutput = z.object({
  run: LiveRun.nullable(),
  transcript: Transcript.nullable(),
});

/** What a connection keeps for its calls: the runs it follows (it gets their updates). */
export interface Follows {
  has(runId: string): boolean;
  add(runId: string): void;
}

/**
 * The runs each connection started, keyed by its follow set (one per connection, living as long
 * as it): `runs.cancel` serves only these. Following a run (any id, e.g. one the user started in
 * the app and the panel lists under the deal) gives its updates, never the right to stop it.
 * Per connection, not per pairing: a panel that reconnected can no longer stop a run it started
 * before, which it then says; the user can still stop it in the app.
 */
const startedHere = new WeakMap<Follows, Set<string>>();
/** Bounded: a connection that starts more runs forgets the oldest (it can no longer stop them). */
const MAX_STARTED_PER_CONNECTION = 1_000;

function recordStarted(follows: Follows, runId: string): void {
  let started = startedHere.get(follows);
  if (started === undefined) startedHere.set(follows, (started = new Set()));
  started.add(runId);
  if (started.size > MAX_STARTED_PER_CONNECTION) {
    const oldest = started.values().next().value;
    if (oldest !== undefined) started.delete(oldest);
  }
}

type Served = Promise<Result<unknown>>;

async function data<T>(
  dispatch: Dispatch,
  name: string,
  input: unknown,
  context: RequestContext,
  schema: z.ZodType<T>,
): Promise<{ ok: true; data: T } | { ok: false; result: Result<never> }> {
  const result = await dispatch(name, input, context);
  if (!result.ok) return { ok: false, result };
  return { ok: true, data: schema.parse(result.data) };
}

/** The dispatcher's answer to input outside a schema, for the companion's own requests. */
function invalidInput(error: z.ZodError): Result<never> {
  const { field, message } = describeIssue(error);
  return {
    ok: false,
    error: {
      code: HostErrorCodes.invalidInput,
      kind: 'invalid_input',
      message,
      ...(field === undefined ? {} : { field }),
      retryable: false,
    },
  };
}

/** What the answer says of a matched deal's host (one that `differs` is never matched). */
function hostAnswer(deal: Deal, host: string): 'agrees' | 'unstated' {
  return hostCheck(deal, host) === 'agrees' ? 'agrees' : 'unstated';
}

async function findByCrmRecord(
  dispatch: Dispatch,
  input: unknown,
  context: RequestContext,
): Served {
  const parsed = FindByCrmRecordInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { crm, recordId, host, title } = parsed.data;
  const answer = (found: FoundDeal): Result<FoundDeal> => ({
    ok: true,
    data: FoundDeal.parse(found),
  });
  // The deals the app holds first; past them, the service's search (or core's scan of every page).
  const held = await data(dispatch, 'deals.list', {}, context, DealsList);
  if (!held.ok) return held.result;
  let deal = findDealByRecord(held.data.value, crm, recordId, host);
  if (deal === undefined && held.data.truncated === true) {
    const searched = await data(dispatch, 'deals.list', { search: recordId }, context, DealsList);
    if (!searched.ok) return searched.result;
    deal = findDealByRecord(searched.data.value, crm, recordId, host);
  }
  if (deal !== undefined) {
    return answer({
      deal,
      matchedBy: 'record-id',
      host: hostAnswer(deal, host),
    });
  }
  if (title !== undefined) {
    const found = await data(dispatch, 'deals.list', { search: title }, context, DealsList);
    if (!found.ok) return found.result;
    const named = found.data.value.filter(
      (d) => d.title.toLowerCase() === title.toLowerCase() && hostCheck(d, host) !== 'differs',
    );
    // A name two deals share names neither.
    const only = named.length === 1 ? named[0] : undefined;
    if (only !== undefined) {
      return answer({
        deal: only,
        matchedBy: 'title',
        host: hostAnswer(only, host),
      });
    }
  }
  return answer({ deal: null, matchedBy: null, host: null });
}

async function follow(
  dispatch: Dispatch,
  input: unknown,
  context: RequestContext,
  follows: Follows,
): Served {
  const parsed = RunIdInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { runId } = parsed.data;
  follows.add(runId);
  const live = await data(dispatch, 'runs.live', {}, context, LiveRuns);
  if (!live.ok) return live.result;
  const run = live.data.runs.find((r) => r.runId === runId) ?? null;
  if (run !== null) return { ok: true, data: FollowOutput.parse({ run, transcript: null }) };
  const stored = await data(dispatch, 'runs.transcript', { runId }, context, Transcript.nullable());
  if (!stored.ok) return stored.result;
  return { ok: true, data: FollowOutput.parse({ run: null, transcript: stored.data }) };
}

/**
 * Serves one call of the subset. Contract requests go through the dispatcher as they are (it
 * parses their input with the contract's schema); a run the companion starts is followed at once.
 */
export async function serveSubset(
  name: SubsetName,
  input: unknown,
  context: RequestContext,
  dispatch: Dispatch,
  follows: Follows,
): Served {
  switch (name) {
    case 'deals.findByCrmRecord':
      return findByCrmRecord(dispatch, input, context);
    case 'runs.follow':
      return follow(dispatch, input, context, follows);
    case 'runs.find': {
      const parsed = DealRunsInput.safeParse(input);
      return parsed.success ? dispatch(name, parsed.data, context) : invalidInput(parsed.error);
    }
    case 'runs.cancel': {
      // Only a run this connection started: it cannot stop the user's other work, even one it
      // follows.
      const parsed = RunIdInput.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      if (startedHere.get(follows)?.has(parsed.data.runId) !== true) {
        return failure(
          CompanionErrorCodes.notStartedHere,
          'That run was not asked from this browser; it can be stopped in the app.',
        );
      }
      return dispatch(name, parsed.data, context);
    }
    case 'runs.start': {
      const result = await dispatch(name, input, context);
      if (result.ok) {
        const { runId } = LiveRunSummary.parse(result.data);
        follows.add(runId);
        recordStarted(follows, runId);
      }
      return result;
    }
    default:
      return dispatch(name, input, context);
  }
}
