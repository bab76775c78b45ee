import { describe, expect, it } from 'vitest';
import {
  prepAgentOf,
  prepareMessage,
  prepRunOf,
  prepSuggestion,
  suggestedPrepAgent,
} from '../../../../electron/domain/briefings/prepare';
import { translatorFor } from '../../../support/translators';

const demoAgents = [
  { id: 'sales.email_writer', title: 'Email writer' },
  { id: 'sales.deal_coach', title: 'Deal coach' },
  { id: 'research.account_brief', title: 'Account brief' },
];

describe('the agent Prepare starts', () => {
  it('does not take a brief on something other than an account, a deal or a call for prep', () => {
    const agents = [
      { id: 'marketing.persona_brief', title: 'Persona brief' },
      { id: 'sales.email_writer', title: 'Email writer' },
      { id: 'intel.competitor_brief', title: 'Competitor brief' },
    ];
    expect(prepSuggestion(agents)).toEqual({ agentId: 'marketing.persona_brief', byName: false });
    expect(prepSuggestion([...agents, { id: 'x.call_brief', title: 'Call brief' }])).toEqual({
      agentId: 'x.call_brief',
      byName: true,
    });
  });

  it('prefers an agent named for meetings, then a coach, then one that briefs', () => {
    expect(suggestedPrepAgent([...demoAgents, { id: 'sales.meeting_prep', title: 'Prep' }])).toBe(
      'sales.meeting_prep',
    );
    expect(suggestedPrepAgent(demoAgents)).toBe('sales.deal_coach');
    expect(suggestedPrepAgent([demoAgents[0]!, demoAgents[2]!])).toBe('research.account_brief');
  });

  it('falls back to the first agent, and to none when there are none', () => {
    expect(suggestedPrepAgent([{ id: 'ops.forecast_check', title: 'Forecast check' }])).toBe(
      'ops.forecast_check',
    );
    expect(suggestedPrepAgent([])).toBeUndefined();
  });

  it('keeps the user’s choice over the suggestion', () => {
    expect(prepAgentOf('sales.email_writer', demoAgents)).toBe('sales.email_writer');
    expect(prepAgentOf(null, demoAgents)).toBe('sales.deal_coach');
  });
});

describe('the question Prepare asks', () => {
  it('is asked in the language in use, so the answer’s question reads in it too', () => {
    expect(prepareMessage(translatorFor('en').t)).toBe(
      'Prepare me for this meeting: key facts, open questions and risks.',
    );
    expect(prepareMessage(translatorFor('fr').t)).toMatch(/^Préparez-moi à cette réunion/);
  });
});

describe("a meeting's prep to show", () => {
  it('is the run of a prep running or ready, and none before or without one', () => {
    const at = '2026-11-30T10:00:00.000Z';
    expect(prepRunOf({ status: 'running', runId: 'run_1', startedAt: at })).toBe('run_1');
    expect(
      prepRunOf({ status: 'ready', runId: 'run_2', finishedAt: at, firstLines: '', read: false }),
    ).toBe('run_2');
    expect(prepRunOf({ status: 'scheduled', at })).toBeUndefined();
    expect(prepRunOf({ status: 'skipped', reason: 'quota' })).toBeUndefined();
  });
});
