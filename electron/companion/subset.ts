// The narrow contract the companion may use: a named subset of the app's contract, each call
// checked with the contract's own schemas by the same dispatcher the other hosts use, plus one
// requests of its own built on that subset (following a run: its updates reach this connection;
// the company's CRM hosts from the settings, without the settings; one deal's automatic preps;
// Prepare for one of that deal's meetings).
// Nothing else: not settings, the session, the service's address, diagnostics, logs or the inbox.
import type { z } from 'zod';
import {
  COMPANION_REQUESTS,
  CONTRACT_SUBSET,
  AutoPrepPrepareInput,
  AutoPrepPrepared,
  AutoPreps,
  CompanyCrmHosts,
  DealPrepsInput,
  Empty,
  Settings,
  CompanionRunsFindInput,
  FollowOutput,
  LiveRuns,
  LiveRunSummary,
  REFUSED_TO_COMPANION,
  RunIdInput,
  Transcript,
  HostErrorCodes,
  type Result,
} from '../contract';
import { describeIssue, type Dispatch, type RequestContext } from '../core/host/dispatcher';
import { CompanionErrorCodes, failure } from './protocol';

// What the companion may ask is declared in the contract (electron/contract/companion-requests.ts),
// where the extension's typed call reads it too.
export { COMPANION_REQUESTS, CONTRACT_SUBSET, REFUSED_TO_COMPANION };

export const SUBSET = [...CONTRACT_SUBSET, ...COMPANION_REQUESTS] as const;
export type SubsetName = (typeof SUBSET)[number];

export function isSubsetName(name: string): name is SubsetName {
  if ((REFUSED_TO_COMPANION as readonly string[]).includes(name)) return false;
  return (SUBSET as readonly string[]).includes(name);
}

/** Finding runs is for one deal at a time: the panel shows that deal's runs. */
const DealRunsInput = CompanionRunsFindInput;

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

/** The hosts of `companion.crmDomains` (IT's policy, or the user's setting where none): no more. */
async function companyHosts(dispatch: Dispatch, input: unknown, context: RequestContext): Served {
  const parsed = Empty.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const settings = await data(dispatch, 'settings.get', {}, context, Settings);
  if (!settings.ok) return settings.result;
  const hosts = Object.entries(settings.data.companion.crmDomains).map(([host, crm]) => ({
    host,
    crm,
  }));
  return { ok: true, data: CompanyCrmHosts.parse({ hosts }) };
}

/** The automatic preps of one deal's meetings: never another deal's meeting or its answer. */
async function dealPreps(dispatch: Dispatch, input: unknown, context: RequestContext): Served {
  const parsed = DealPrepsInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const all = await data(dispatch, 'autoPrep.list', {}, context, AutoPreps);
  if (!all.ok) return all.result;
  const meetings = all.data.meetings.filter((meeting) => meeting.dealId === parsed.data.dealId);
  return { ok: true, data: AutoPreps.parse({ meetings }) };
}

/**
 * Prepare one of the deal's meetings now: the app's own choice of agent and claim (core's
 * autoPrep.prepare). A run it started is followed at once, as a run the companion asks is, and
 * may be stopped from here; a prep already running or ready is followed but not the panel's to stop.
 */
async function prepStart(
  dispatch: Dispatch,
  input: unknown,
  context: RequestContext,
  follows: Follows,
): Served {
  const parsed = AutoPrepPrepareInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await dispatch('autoPrep.prepare', parsed.data, context);
  if (!result.ok) return result;
  const prepared = AutoPrepPrepared.parse(result.data);
  const prep = prepared.meeting.prep;
  if (prep.status === 'running' || prep.status === 'ready') {
    follows.add(prep.runId);
    if (prepared.started) recordStarted(follows, prep.runId);
  }
  return { ok: true, data: prepared };
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
    case 'runs.follow':
      return follow(dispatch, input, context, follows);
    case 'crm.companyHosts':
      return companyHosts(dispatch, input, context);
    case 'prep.forDeal':
      return dealPreps(dispatch, input, context);
    case 'prep.start':
      return prepStart(dispatch, input, context, follows);
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
