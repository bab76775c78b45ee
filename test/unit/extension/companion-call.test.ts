// The extension's typed call: input outside the companion's schemas never leaves the panel, an
// answer is read with the request's output schema (one of another shape rejects, never passes for
// the deal it claims to be), and the app's own errors reach the caller as they came.
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../extension/src/bridge/messages';
import {
  callErrorData,
  companionCall,
  CompanionCallError,
  UNEXPECTED_ANSWER,
} from '../../../extension/src/bridge/call';

const DEAL = { id: 'deal_1', title: 'Acme renewal', data: {} };
const LOOKUP = { crm: 'pipedrive', recordId: '41448', host: 'acme.pipedrive.com' } as const;

function answering(result: CallResult) {
  const sent: [string, unknown][] = [];
  const call = companionCall({
    call: async (name, input) => {
      sent.push([name, input]);
      return result;
    },
  });
  return { call, sent };
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return callErrorData(error);
  }
  throw new Error('The call did not reject.');
}

describe('the companion’s typed call', () => {
  it('answers the output its schema reads', async () => {
    const { call, sent } = answering({
      ok: true,
      data: { deal: DEAL, matchedBy: 'title', host: 'unstated' },
    });
    const found = await call('deals.findByCrmRecord', LOOKUP);
    expect(found.matchedBy).toBe('title');
    expect(found.deal?.id).toBe(DEAL.id);
    expect(sent).toEqual([['deals.findByCrmRecord', LOOKUP]]);
  });

  it('sends nothing for input outside the schema, and says which field', async () => {
    const { call, sent } = answering({ ok: true, data: { items: [] } });
    // The companion finds the runs of one deal at a time: no dealId is refused here already.
    const error = await thrown(call('runs.find', { limit: 20 } as never));
    expect(error).toMatchObject({ code: 'invalid_input', field: 'dealId', retryable: false });
    expect(sent).toEqual([]);
  });

  it('rejects an answer of another shape with an error the panel shows', async () => {
    const { call } = answering({ ok: true, data: { deal: { title: 'No id' }, matchedBy: 'x' } });
    const rejected = call('deals.findByCrmRecord', LOOKUP);
    await expect(rejected).rejects.toBeInstanceOf(CompanionCallError);
    expect(await thrown(rejected)).toMatchObject({ code: UNEXPECTED_ANSWER, retryable: false });
  });

  it('passes the app’s own error on as it came', async () => {
    const error = { code: 'not_signed_in', message: 'Sign in.', retryable: false };
    const { call } = answering({ ok: false, error });
    expect(await thrown(call('runs.follow', { runId: 'run_1' }))).toEqual(error);
  });
});
