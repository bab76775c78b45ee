// Agents, deals (list, search, paging, detail) and briefings, as a client reads them.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentList,
  DealDetail,
  DealSummary,
  MeetingBriefing,
  MorningBriefing,
  page,
} from '../../support/demo-schemas';
import { startHarness } from '../../support/demo-harness';
import type { Harness } from '../../support/demo-harness';

const DealPage = page(DealSummary);
// A fixed clock: 2026-11-22 09:10 UTC.
const NOW = new Date('2026-11-22T09:10:00.000Z');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: () => NOW });
});
afterAll(() => h.service.stop());

describe('agents', () => {
  it('lists at least five agents in at least two namespaces, each with a name and description', async () => {
    const { body } = await h.data('/agents', AgentList);
    expect(body.items.length).toBeGreaterThanOrEqual(5);
    expect(body.total).toBe(body.items.length);
    const namespaces = new Set(body.items.map((a) => a.id.split('.')[0]));
    expect(namespaces.size).toBeGreaterThanOrEqual(2);
    expect(body.items.map((a) => a.id)).toContain('sales.deal_coach');
  });
});

describe('deals', () => {
  it('pages by 20 by default and at most 100, with a total', async () => {
    const first = await h.data('/deals', DealPage);
    expect(first.body).toMatchObject({ limit: 20, offset: 0 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.total).toBeGreaterThanOrEqual(40);

    const all = await h.data('/deals?limit=100', DealPage);
    expect(all.body.items).toHaveLength(all.body.total);
    const second = await h.data('/deals?limit=20&offset=20', DealPage);
    expect(second.body.items.map((d) => d.id)).toEqual(
      all.body.items.slice(20, 40).map((d) => d.id),
    );
    const beyond = await h.data(`/deals?offset=${all.body.total}`, DealPage);
    expect(beyond.body.items).toEqual([]);
  });

  it('has realistic variety: unique UUIDs, several currencies, accents and non-Latin scripts', async () => {
    const { body } = await h.data('/deals?limit=100', DealPage);
    expect(new Set(body.items.map((d) => d.id)).size).toBe(body.items.length);
    const currencies = new Set(body.items.map((d) => d.currency));
    for (const c of ['EUR', 'USD', 'GBP', 'JPY']) expect(currencies).toContain(c);
    const names = body.items.map((d) => d.name).join('\n');
    for (const text of ['Zürich', 'São Paulo', '東京', 'Москва', 'العربية']) {
      expect(names + body.items.map((d) => String(d.city)).join('\n')).toContain(text);
    }
  });

  it('keeps the same ids on every start', async () => {
    const other = await startHarness();
    try {
      const a = await h.data('/deals?limit=100', DealPage);
      const b = await other.data('/deals?limit=100', DealPage);
      expect(new Set(b.body.items.map((d) => d.id))).toEqual(
        new Set(a.body.items.map((d) => d.id)),
      );
    } finally {
      await other.service.stop();
    }
  });

  it('searches name, account, city and stage without regard to case or accents', async () => {
    const zurich = await h.data('/deals?search=ZURCHER', DealPage);
    expect(zurich.body.items.map((d) => d.account)).toContain('Zürcher Rückversicherung AG');
    const byCity = await h.data('/deals?search=zurich', DealPage);
    expect(byCity.body.items.map((d) => d.city)).toContain('Zürich');
    const saoPaulo = await h.data('/deals?search=sao%20paulo', DealPage);
    expect(saoPaulo.body.total).toBe(1);
    const tokyo = await h.data(`/deals?search=${encodeURIComponent('東京')}`, DealPage);
    expect(tokyo.body.total).toBe(1);
    const negotiation = await h.data('/deals?search=negotiation&limit=100', DealPage);
    expect(negotiation.body.total).toBeGreaterThan(0);
    expect(negotiation.body.items.every((d) => d.stage === 'negotiation')).toBe(true);
    const none = await h.data('/deals?search=no-such-deal-anywhere', DealPage);
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('filters by stage and refuses an unknown stage', async () => {
    const won = await h.data('/deals?stage=closed_won&limit=100', DealPage);
    expect(won.body.items.every((d) => d.stage === 'closed_won')).toBe(true);
    const bad = await h.failure('/deals?stage=maybe', 400);
    expect(bad.body.error.code).toBe('invalid_parameter');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=5&limit=6', 'limit'],
  ])('refuses %s with 400 invalid_parameter naming %s', async (query, field) => {
    const res = await h.failure(`/deals?${query}`, 400);
    expect(res.body.error.code).toBe('invalid_parameter');
    expect(res.body.error.message).toContain(field);
    expect(res.body.error.details?.[0]?.path).toBe(field);
  });

  it('returns one deal with notes, products and activity', async () => {
    const id = h.dealId(3);
    const { body } = await h.data(`/deals/${id}`, DealDetail);
    expect(body.id).toBe(id);
    const products = z.array(z.object({ total: z.number() })).parse(body.products);
    const subtotal = products.reduce((sum, p) => sum + p.total, 0);
    expect(body.amount).toBeLessThanOrEqual(subtotal);
    // Upper-case ids are the same UUID.
    await expect(h.data(`/deals/${id.toUpperCase()}`, DealDetail)).resolves.toMatchObject({
      status: 200,
    });
  });

  it('answers 404 deal_not_found for unknown ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%E0%A4%A']) {
      const res = await h.failure(`/deals/${id}`, 404);
      expect(['deal_not_found', 'not_found']).toContain(res.body.error.code);
    }
    const res = await h.failure('/deals/00000000-0000-4000-8000-000000000000', 404);
    expect(res.body.error.code).toBe('deal_not_found');
  });
});

describe('briefings', () => {
  it('gives a morning briefing for today with sections, deal references and meetings', async () => {
    const { body } = await h.data('/briefings/morning', MorningBriefing);
    expect(body.date).toBe('2026-11-22');
    expect(Date.parse(body.generatedAt)).toBeLessThanOrEqual(NOW.getTime());
    const known = new Set(h.service.control.deals().map((d) => d.id));
    for (const ref of body.deals) expect(known).toContain(ref.dealId);
    for (const meeting of body.meetings) expect(known).toContain(meeting.dealId);
    expect(body.sections.some((s) => s.body.includes('| ---'))).toBe(true);
  });

  it('prepares the next meeting, a little in the future, and it is among the morning meetings', async () => {
    const { body } = await h.data('/briefings/meeting', MeetingBriefing);
    const startsIn = Date.parse(body.startsAt) - NOW.getTime();
    expect(startsIn).toBeGreaterThanOrEqual(20 * 60_000);
    expect(startsIn).toBeLessThanOrEqual(60 * 60_000);
    expect(Date.parse(body.endsAt)).toBeGreaterThan(Date.parse(body.startsAt));
    expect(h.service.control.deals().map((d) => d.id)).toContain(body.dealId);

    const morning = await h.data('/briefings/morning', MorningBriefing);
    expect(morning.body.meetings.map((m) => m.startsAt)).toContain(body.startsAt);
    // Asking again gives the same meeting.
    const again = await h.data('/briefings/meeting', MeetingBriefing);
    expect(again.body.id).toBe(body.id);
  });
});
