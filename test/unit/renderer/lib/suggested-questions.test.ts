import { describe, expect, it } from 'vitest';
import { fittingAgent, suggestedQuestions } from '../../../../src/lib/suggestedQuestions';
import { englishT, translatorFor } from '../../../support/translators';

const agents = [
  { id: 'sales.deal_coach', title: 'Deal coach', subtitle: 'Reviews a deal: risks, next steps.' },
  { id: 'sales.email_writer', title: 'Email writer', subtitle: 'Drafts a follow-up email.' },
  { id: 'sales.objection_handler', title: 'Objection handler' },
];

describe('suggested questions', () => {
  it('fit the deal’s stage', () => {
    const labels = (stage: string) => suggestedQuestions(stage, englishT).map((q) => q.label);
    expect(labels('negotiation')).toEqual([
      'Prep my next call',
      'Draft the follow-up email',
      'What are the risks?',
      'How do I answer on price?',
    ]);
    expect(labels('Qualification')).toContain('Who else should I involve?');
    expect(labels('closed_won')).toEqual(['Plan the kick-off', 'Draft the follow-up email']);
    expect(labels('Closed Lost')[0]).toBe('What can we learn from this loss?');
  });

  it('are asked in the language the salesperson uses the app in', () => {
    const [prep] = suggestedQuestions('negotiation', translatorFor('de').t);
    expect(prep?.label).toBe('Nächsten Anruf vorbereiten');
    expect(prep?.message).toMatch(/^Bereiten Sie mich auf meinen nächsten Anruf/);
    const [kickOff] = suggestedQuestions('closed_won', translatorFor('ja').t);
    expect(kickOff?.message).toContain('キックオフ');
    // The agent is still found by its own words, whatever the language of the question.
    expect(fittingAgent(kickOff!, agents)?.id).toBe('sales.deal_coach');
  });

  it('each finds the agent fit for it by its words, or none', () => {
    const [prep, email, risks, price] = suggestedQuestions('proposal', englishT);
    expect(fittingAgent(email!, agents)?.id).toBe('sales.email_writer');
    expect(fittingAgent(risks!, agents)?.id).toBe('sales.deal_coach');
    expect(fittingAgent(price!, agents)?.id).toBe('sales.objection_handler');
    expect(fittingAgent(prep!, agents)?.id).toBe('sales.deal_coach');
    expect(fittingAgent(email!, [])).toBeUndefined();
  });
});
