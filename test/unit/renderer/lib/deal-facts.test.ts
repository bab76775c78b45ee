import { describe, expect, it } from 'vitest';
import { dealFacts, looksLikeId } from '../../../../src/lib/dealFacts';

describe('a deal’s key facts', () => {
  it('finds the next step, the owner by name and the activity newest first', () => {
    const facts = dealFacts({
      data: {
        name: 'Harbour – Analyst agents',
        owner: { id: 'usr_demo_alex', name: 'Alex Morgan' },
        nextStep: 'Send the revised pricing',
        closeDate: '2026-12-08',
        industry: 'Research',
        activities: [
          {
            id: 'act_1',
            type: 'call',
            at: '2026-11-01T10:00:00Z',
            by: 'usr_demo_alex',
            summary: 'First call.',
          },
          {
            id: 'act_2',
            type: 'email',
            at: '2026-11-20T10:00:00Z',
            by: 'usr_unknown',
            summary: 'Pricing sent.',
          },
        ],
      },
    });
    expect(facts.owner).toBe('Alex Morgan');
    expect(facts.nextStep).toBe('Send the revised pricing');
    expect(facts.timeline).toEqual([
      { at: '2026-11-20T10:00:00Z', kind: 'email', text: 'Pricing sent.' },
      { at: '2026-11-01T10:00:00Z', kind: 'call', who: 'Alex Morgan', text: 'First call.' },
    ]);
    // Said above, so not repeated among the fields below; the rest stays.
    expect([...facts.shownKeys].sort()).toEqual(
      ['activities', 'closeDate', 'name', 'nextStep', 'owner'].sort(),
    );
  });

  it('leaves an owner known only by an id out', () => {
    expect(dealFacts({ data: { name: 'A deal', ownerId: 'usr_demo_alex' } }).owner).toBeUndefined();
    expect(dealFacts({ data: { name: 'A deal', owner: 'Priya Raman' } }).owner).toBe('Priya Raman');
  });

  it('tells ids from names', () => {
    expect(looksLikeId('usr_demo_alex')).toBe(true);
    expect(looksLikeId('4623f483-b85d-5178-8205-db9d660593ee')).toBe(true);
    expect(looksLikeId('0055g00000AbCdE')).toBe(true);
    expect(looksLikeId('Alex Morgan')).toBe(false);
    expect(looksLikeId('Priya')).toBe(false);
  });
});
