import { describe, expect, it } from 'vitest';
import type { Deal } from '../../../../electron/contract';
import { OPEN_DEALS, splitTitle, stagesOf, viewDeals } from '../../../../src/lib/dealList';
import { englishT, translatorFor } from '../../../support/translators';

function deal(
  title: string,
  stage: string,
  closeDate: string,
  amount: number,
  updatedAt: string,
): Deal {
  return { id: title, title, stage, data: { name: title, stage, closeDate, amount, updatedAt } };
}

const deals = [
  deal('Won long ago', 'closed_won', '2026-10-01', 900, '2026-10-01'),
  deal('Late', 'proposal', '2026-12-20', 100, '2026-11-26'),
  deal('Soon', 'negotiation', '2026-11-30', 50, '2026-11-02'),
  deal('Lost lately', 'closed_lost', '2026-11-20', 10, '2026-11-20'),
  deal('Early', 'prospecting', '2027-02-01', 300, '2026-11-10'),
];
const titles = (list: Deal[]) => list.map((d) => d.title);

describe('the deal list', () => {
  it('sorts the open deals by the close date ahead, the closed ones after, latest first', () => {
    expect(titles(viewDeals(deals, { sort: 'close', stage: '' }, false, englishT))).toEqual([
      'Soon',
      'Late',
      'Early',
      'Lost lately',
      'Won long ago',
    ]);
  });

  it('sorts by amount and by last activity', () => {
    expect(titles(viewDeals(deals, { sort: 'amount', stage: '' }, false, englishT))[0]).toBe(
      'Won long ago',
    );
    expect(titles(viewDeals(deals, { sort: 'activity', stage: '' }, false, englishT))[0]).toBe(
      'Late',
    );
  });

  it('filters by a stage or the open ones, and keeps a search’s ranking', () => {
    expect(titles(viewDeals(deals, { sort: 'close', stage: 'Proposal' }, false, englishT))).toEqual(
      ['Late'],
    );
    expect(
      titles(viewDeals(deals, { sort: 'close', stage: OPEN_DEALS }, false, englishT)),
    ).toHaveLength(3);
    expect(titles(viewDeals(deals, { sort: 'amount', stage: '' }, true, englishT))).toEqual(
      titles(deals),
    );
  });

  it('names a numbered stage in the language in use, the CRM’s own stage names as sent', () => {
    const numbered = [...deals, deal('Third', '3', '2026-12-01', 1, '2026-11-01')];
    expect(stagesOf(numbered, translatorFor('de').t)).toContain('Phase 3');
    expect(stagesOf(numbered, translatorFor('de').t)).toContain('Negotiation');
    expect(stagesOf(numbered, englishT)).toContain('Stage 3');
  });

  it('offers the stages in pipeline order', () => {
    expect(stagesOf(deals, englishT)).toEqual([
      'Prospecting',
      'Proposal',
      'Negotiation',
      'Closed won',
      'Closed lost',
    ]);
  });

  it('cuts the account off the start of a name, and only there', () => {
    expect(splitTitle('Léman Horlogerie SA – Boutique assistant', 'Léman Horlogerie SA')).toEqual({
      prefix: 'Léman Horlogerie SA – ',
      rest: 'Boutique assistant',
    });
    expect(splitTitle('Renewal for Contoso', 'Contoso')).toEqual({
      prefix: '',
      rest: 'Renewal for Contoso',
    });
    expect(splitTitle('Contoso', 'Contoso')).toEqual({ prefix: '', rest: 'Contoso' });
    expect(splitTitle('Contosoft rollout', 'Contoso')).toEqual({
      prefix: '',
      rest: 'Contosoft rollout',
    });
  });
});
