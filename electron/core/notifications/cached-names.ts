// Names for a run-finished notification ("Deal coach finished", "Deal: Acme renewal") from what
// the screens cached: a notification never makes a request of its own. Unknown ids give no name.
import { z } from 'zod';
import { Agent, Deal } from '../../contract';
import type { CacheStore } from '../cache';

export interface CachedNames {
  agentName?: string;
  dealName?: string;
}

export async function cachedNames(
  cache: Pick<CacheStore, 'read'>,
  agentId: string,
  dealId: string | undefined,
): Promise<CachedNames> {
  const agent = await cachedAgent(cache, agentId);
  const deal = dealId === undefined ? undefined : await cachedDeal(cache, dealId);
  return {
    ...(agent === undefined ? {} : { agentName: agent.title }),
    ...(deal === undefined ? {} : { dealName: deal.title }),
  };
}

/** The agents the screens last listed; none when nothing was cached. */
export async function cachedAgents(cache: Pick<CacheStore, 'read'>) {
  const agents = Agent.array().safeParse((await cache.read('agents'))?.value);
  return agents.success ? agents.data : [];
}

async function cachedAgent(cache: Pick<CacheStore, 'read'>, agentId: string) {
  const agents = Agent.array().safeParse((await cache.read('agents'))?.value);
  return agents.success ? agents.data.find((entry) => entry.id === agentId) : undefined;
}

/** The deal list as last read (the picker's), or none. */
export async function cachedDeals(cache: Pick<CacheStore, 'read'>) {
  const book = z.object({ items: Deal.array() }).safeParse((await cache.read('deals'))?.value);
  return book.success ? book.data.items : [];
}

/** The deal's own entry (its screen was opened) or, failing that, the deal list's. */
async function cachedDeal(cache: Pick<CacheStore, 'read'>, dealId: string) {
  const one = Deal.safeParse((await cache.read(`deal:${dealId}`))?.value);
  if (one.success) return one.data;
  return (await cachedDeals(cache)).find((entry) => entry.id === dealId);
}
