// The demo deals: one per account seed, with stable name-based UUIDs. Stages, amounts, owners and
// contacts come from a seeded generator (identical on every start); dates are anchored on today
// (UTC) so close dates and activity always look current.
import { ACCOUNTS } from './accounts';
import type { AccountSeed } from './accounts';
import { ADD_ONS, roundMoney, SEATS, unitPrice } from './catalog';
import { intBetween, nameUuid, pick, sample, seeded } from './random';
import type { Random } from './random';
import { addDays, fold, isoDate } from './text';

export const DEAL_STAGES = [
  'prospecting',
  'qualification',
  'proposal',
  'negotiation',
  'closed_won',
  'closed_lost',
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const OPEN_STAGES: readonly DealStage[] = [
  'prospecting',
  'qualification',
  'proposal',
  'negotiation',
];

const PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};

/** Days from today to the close date, per stage: later stages close sooner, closed ones closed. */
const CLOSE_WINDOW: Record<DealStage, [number, number]> = {
  prospecting: [45, 150],
  qualification: [25, 90],
  proposal: [7, 60],
  negotiation: [1, 30],
  closed_won: [-75, -2],
  closed_lost: [-90, -5],
};

export interface Person {
  id: string;
  name: string;
  email: string;
}

export const DEMO_USER: Person = {
  id: 'usr_demo_alex',
  name: 'Alex Morgan',
  email: 'alex.morgan@northwind-demo.example',
};

const OTHER_OWNERS: readonly Person[] = [
  { id: 'usr_priya', name: 'Priya Raman', email: 'priya.raman@northwind-demo.example' },
  { id: 'usr_jonas', name: 'Jonas Weber', email: 'jonas.weber@northwind-demo.example' },
  { id: 'usr_camille', name: 'Camille Dubois', email: 'camille.dubois@northwind-demo.example' },
];

export interface Contact {
  name: string;
  role: string;
  email: string;
}

export interface ProductLine {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface Activity {
  id: string;
  type: 'call' | 'email' | 'meeting' | 'note';
  at: string;
  by: string;
  summary: string;
}

export interface DealSummary {
  id: string;
  name: string;
  account: string;
  industry: string;
  city: string;
  country: string;
  stage: DealStage;
  probability: number;
  amount: number;
  currency: string;
  closeDate: string;
  owner: Person;
  nextStep: string;
  contacts: Contact[];
  updatedAt: string;
}

export interface DealDetail extends DealSummary {
  notes: string;
  products: ProductLine[];
  discountPercent: number;
  competitors: string[];
  risks: string[];
  activities: Activity[];
}

const COMPETITORS = [
  'Acme Copilot',
  'Globex Assist',
  'Initech AI',
  'Umbrella Insights',
  'In-house build',
];

const RISKS = [
  'No executive sponsor confirmed yet',
  'Security review not started',
  'Budget is only approved for half of the seats',
  'A competitor offered a free pilot',
  'Procurement wants a three-year price lock',
  'Data residency questions are still open',
  'The champion changes roles next quarter',
];

function emailOf(contact: AccountSeed['contacts'][number], domain: string): string {
  const local =
    contact.email ??
    fold(contact.name)
      .replace(/^dr\.\s*/, '')
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '');
  return `${local}@${domain}`;
}

function stageFor(random: Random): DealStage {
  // Mostly open deals, as in a real pipeline, with some won and lost for history.
  const roll = random();
  if (roll < 0.14) return 'prospecting';
  if (roll < 0.34) return 'qualification';
  if (roll < 0.6) return 'proposal';
  if (roll < 0.8) return 'negotiation';
  if (roll < 0.91) return 'closed_won';
  return 'closed_lost';
}

function productsFor(random: Random, currency: string): ProductLine[] {
  const seats = pick(random, [25, 40, 60, 80, 120, 150, 200, 250, 400, 600, 900, 1200]);
  const lines: ProductLine[] = [];
  const add = (item: typeof SEATS, quantity: number): void => {
    const price = unitPrice(item, currency);
    lines.push({
      sku: item.sku,
      name: item.name,
      quantity,
      unitPrice: price,
      total: roundMoney(price * quantity, currency),
    });
  };
  add(SEATS, seats);
  const extras = sample(random, ADD_ONS, intBetween(random, 1, 3));
  for (const item of extras) add(item, 1);
  return lines;
}

function nextStepFor(stage: DealStage, contact: Contact, random: Random): string {
  const first = contact.name;
  const options: Record<DealStage, string[]> = {
    prospecting: [
      `Book a discovery call with ${first}`,
      `Send ${first} the customer story from the same industry`,
    ],
    qualification: [
      `Confirm budget and timeline with ${first}`,
      `Map the buying committee with ${first}`,
    ],
    proposal: [`Walk ${first} through the proposal`, `Send the revised pricing to ${first}`],
    negotiation: [
      `Agree on the final terms with ${first}`,
      `Get the order form signed by ${first}`,
    ],
    closed_won: [`Kick-off meeting with ${first}`, `Plan the onboarding workshop with ${first}`],
    closed_lost: [
      `Ask ${first} for feedback on the decision`,
      `Check back with ${first} next quarter`,
    ],
  };
  return pick(random, options[stage]);
}

function activitiesFor(
  random: Random,
  deal: { id: string; contacts: Contact[]; owner: Person },
  today: Date,
): Activity[] {
  const count = intBetween(random, 3, 6);
  const templates: Array<[Activity['type'], (c: Contact) => string]> = [
    ['call', (c) => `Call with ${c.name} about timeline and budget.`],
    ['email', (c) => `Sent ${c.name} the pricing overview and a customer story.`],
    ['meeting', (c) => `Demo for ${c.name} and team; good questions about security.`],
    ['note', (c) => `${c.name} mentioned a competing evaluation.`],
    ['email', (c) => `${c.name} asked for the data processing agreement.`],
    ['meeting', (c) => `Workshop with ${c.name} to agree on success criteria.`],
  ];
  const activities: Activity[] = [];
  let daysAgo = intBetween(random, 1, 4);
  for (let i = 0; i < count; i += 1) {
    const [type, text] = pick(random, templates);
    const contact = pick(random, deal.contacts);
    const at = new Date(addDays(today, -daysAgo).getTime() + intBetween(random, 8, 17) * 3_600_000);
    activities.push({
      id: `act_${deal.id.slice(0, 8)}_${i + 1}`,
      type,
      at: at.toISOString(),
      by: deal.owner.name,
      summary: text(contact),
    });
    daysAgo += intBetween(random, 2, 9);
  }
  return activities;
}

function notesFor(
  seed: AccountSeed,
  stage: DealStage,
  risks: string[],
  competitors: string[],
): string {
  return [
    `## ${seed.account}`,
    '',
    `${seed.industry} company based in ${seed.city}. Project: **${seed.project}**.`,
    '',
    `- Stage: ${stage.replace('_', ' ')}`,
    `- Competing with: ${competitors.join(', ')}`,
    ...risks.map((r) => `- Risk: ${r}`),
  ].join('\n');
}

function buildDeal(seed: AccountSeed, index: number, today: Date): DealDetail {
  // Past one deal per account (a large book for tests), each account gets further waves.
  const wave = Math.floor(index / ACCOUNTS.length);
  const random = seeded(wave === 0 ? `deal:${index}:${seed.account}` : `deal:${index}`);
  const id = nameUuid(wave === 0 ? `deal:${seed.account}` : `deal:${seed.account}:${index}`);
  const stage = stageFor(random);
  const [from, to] = CLOSE_WINDOW[stage];
  const owner = random() < 0.6 ? DEMO_USER : pick(random, OTHER_OWNERS);
  const contacts = seed.contacts.map((c) => ({
    name: c.name,
    role: c.role,
    email: emailOf(c, seed.domain),
  }));
  const products = productsFor(random, seed.currency);
  const discountPercent = pick(random, [0, 0, 0, 5, 7.5, 10, 12.5]);
  const subtotal = products.reduce((sum, p) => sum + p.total, 0);
  const amount = roundMoney(subtotal * (1 - discountPercent / 100), seed.currency);
  const competitors = sample(random, COMPETITORS, intBetween(random, 1, 2));
  const risks = sample(random, RISKS, intBetween(random, 1, 3));
  const primary = contacts[0] ?? { name: 'the champion', role: '', email: '' };
  const activities = activitiesFor(random, { id, contacts, owner }, today);
  return {
    id,
    name:
      wave === 0
        ? `${seed.account} – ${seed.project}`
        : `${seed.account} – ${seed.project}, wave ${wave + 1}`,
    account: seed.account,
    industry: seed.industry,
    city: seed.city,
    country: seed.country,
    stage,
    probability: PROBABILITY[stage],
    amount,
    currency: seed.currency,
    closeDate: isoDate(addDays(today, intBetween(random, from, to))),
    owner,
    nextStep: nextStepFor(stage, primary, random),
    contacts,
    updatedAt: activities[0]?.at ?? today.toISOString(),
    notes: notesFor(seed, stage, risks, competitors),
    products,
    discountPercent,
    competitors,
    risks,
    activities,
  };
}

/**
 * Every deal of the demo, built for the day `today` (midnight UTC): one per account, or `count`
 * deals going round the accounts again.
 */
export function buildDeals(today: Date, count: number = ACCOUNTS.length): DealDetail[] {
  const deals: DealDetail[] = [];
  for (let i = 0; i < count; i += 1) {
    deals.push(buildDeal(ACCOUNTS[i % ACCOUNTS.length] as AccountSeed, i, today));
  }
  return deals;
}
