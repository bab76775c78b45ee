// What an agent "writes": realistic markdown (headings, a list, a table, a code block) about the
// run's deal, chosen by a generator seeded from agentId + message + dealId, so the same input
// always produces the same text. Long outputs for benchmarks continue with further sections
// until the requested number of tokens is reached.
import type { Agent } from './agents';
import type { DealDetail } from './deals';
import { cell, money, stageLabel } from './format';
import { pick, sample, seeded } from './random';
import type { Random } from './random';
import { tokenize } from './text';

export interface RunScript {
  /** The output, token by token. */
  tokens: Iterator<string>;
  /** How many tokens `tokens` yields. */
  total: number;
}

export interface WriteInput {
  agent: Agent;
  deal: DealDetail;
  message: string;
  /** Exact output length in tokens (demo key `input.demo.tokens`); otherwise the natural length. */
  tokens?: number;
}

const OPENERS = [
  'Here is my take, based on the deal record and the latest activity.',
  'I looked at the deal, its contacts and the recent activity. In short:',
  'Short version first, details below.',
  'I went through the history of this deal; here is what stands out.',
];

const SENTENCES = [
  (d: DealDetail) =>
    `${d.account} has been responsive, but the decision process is not fully mapped yet.`,
  (d: DealDetail) =>
    `The close date of ${d.closeDate} is realistic only if the next step happens this week.`,
  (d: DealDetail) =>
    `${d.contacts[0]?.name ?? 'The champion'} is the strongest ally we have in the account.`,
  (d: DealDetail) =>
    `Pricing in ${d.currency} is already agreed in principle; the open point is the contract length.`,
  (d: DealDetail) =>
    `Similar ${d.industry.toLowerCase()} customers went live in six to eight weeks.`,
  (d: DealDetail) =>
    `Competition from ${d.competitors[0] ?? 'other vendors'} is real, but they cannot match the rollout time.`,
  (d: DealDetail) =>
    `A short written summary after each call keeps ${d.account} aligned internally.`,
  (d: DealDetail) =>
    `The security questionnaire is the usual bottleneck in ${d.country}; start it early.`,
  (_d: DealDetail) =>
    `Usage data from the pilot makes the business case concrete for the finance team.`,
  (d: DealDetail) =>
    `Make sure the order form reflects the ${d.products.length} product lines discussed.`,
];

function paragraph(random: Random, deal: DealDetail, sentences: number): string {
  return sample(random, SENTENCES, sentences)
    .map((sentence) => sentence(deal))
    .join(' ');
}

function quote(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return `> ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function facts(deal: DealDetail): string {
  return [
    `- **Stage:** ${stageLabel(deal.stage)} (${deal.probability}%)`,
    `- **Amount:** ${money(deal.amount, deal.currency)}`,
    `- **Close date:** ${deal.closeDate}`,
    `- **Next step:** ${deal.nextStep}`,
  ].join('\n');
}

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

function code(lang: string, body: string): string {
  return `\`\`\`${lang}\n${body}\n\`\`\``;
}

/**
 * The agent-specific middle of the document: a table, a numbered list and a code block, written
 * by one function per agent.
 */
function agentBlocks(agent: Agent, deal: DealDetail, random: Random): string[] {
  const champion = deal.contacts[0]?.name ?? 'the champion';
  const rival = deal.competitors[0] ?? 'the incumbent';
  switch (agent.id) {
    case 'sales.email_writer':
      return emailWriterBlocks(deal, champion);
    case 'sales.objection_handler':
      return objectionBlocks(deal, rival);
    case 'research.account_brief':
      return accountBriefBlocks(deal);
    case 'research.competitor_scan':
      return competitorScanBlocks(deal, rival);
    case 'ops.forecast_check':
      return forecastBlocks(deal, random);
    default:
      return dealCoachBlocks(deal, random, champion);
  }
}

/** An email to the champion: subject lines, the draft, tips. */
function emailWriterBlocks(deal: DealDetail, champion: string): string[] {
  return [
    '## Subject lines',
    table(
      ['Tone', 'Subject'],
      [
        ['Friendly', `Next steps for ${deal.account}`],
        ['Direct', `Can we lock in ${deal.closeDate}?`],
        ['Value-led', `What ${deal.industry.toLowerCase()} teams gained in 8 weeks`],
      ],
    ),
    '## Draft',
    code(
      'text',
      `Subject: Next steps for ${deal.account}\n\nHi ${champion},\n\nthank you for your time this week. As promised, here is a short summary and a proposal for the next step:\n\n- ${deal.nextStep}\n- Timeline: go-live before ${deal.closeDate}\n\nWould Thursday or Friday suit you for a 30-minute call?\n\nBest regards,\nAlex`,
    ),
    '## Tips',
    '1. Send it before noon in the recipient’s time zone.\n2. Keep the attachment list short.\n3. Follow up by phone after two working days.',
  ];
}

/** The objections to expect, with answers and proof points. */
function objectionBlocks(deal: DealDetail, rival: string): string[] {
  return [
    '## Likely objections',
    table(
      ['Objection', 'Answer'],
      [
        [
          'Too expensive',
          `Compare with the cost of the manual process; ${money(deal.amount, deal.currency)} pays back within a year.`,
        ],
        [`${rival} is cheaper`, 'Ask what the rollout and support costs are; ours are included.'],
        ['Not now', `Anchor on the ${deal.closeDate} deadline they set themselves.`],
      ],
    ),
    '## Proof points',
    '1. Two reference customers in the same industry.\n2. Security certification and data residency options.\n3. A pilot plan with clear success criteria.',
    '## One-liner',
    code(
      'text',
      `We help ${deal.account} close the gap between what the team knows and what it does, in weeks rather than quarters.`,
    ),
  ];
}

/** The account's key facts and people. */
function accountBriefBlocks(deal: DealDetail): string[] {
  return [
    '## Key facts',
    table(
      ['Field', 'Value'],
      [
        ['Account', deal.account],
        ['Industry', deal.industry],
        ['Location', `${deal.city}, ${deal.country}`],
        ['Deal value', money(deal.amount, deal.currency)],
      ],
    ),
    '## People',
    deal.contacts.map((c, i) => `${i + 1}. **${c.name}**, ${c.role} (${c.email})`).join('\n'),
    '## Summary record',
    code(
      'yaml',
      `account: "${deal.account}"\nindustry: ${deal.industry}\nstage: ${deal.stage}\ncloseDate: ${deal.closeDate}\ncontacts: ${deal.contacts.length}`,
    ),
  ];
}

/** Us against the first competitor, and how to position. */
function competitorScanBlocks(deal: DealDetail, rival: string): string[] {
  return [
    '## Comparison',
    table(
      ['Capability', 'Us', rival],
      [
        ['Time to first value', '2 weeks', '6–8 weeks'],
        ['Data residency', 'EU, US, APAC', 'US only'],
        ['CRM connector', 'Included', 'Extra cost'],
      ],
    ),
    '## How to position',
    `1. Lead with rollout speed.\n2. Bring a reference from ${deal.industry.toLowerCase()}.\n3. Offer a scoped pilot instead of a discount.`,
    '## Battlecard',
    code(
      'json',
      JSON.stringify(
        {
          account: deal.account,
          competitors: deal.competitors,
          winTheme: 'speed and data residency',
        },
        null,
        2,
      ),
    ),
  ];
}

/** Forecast checks and the entry to record. */
function forecastBlocks(deal: DealDetail, random: Random): string[] {
  return [
    '## Checks',
    table(
      ['Check', 'Result'],
      [
        ['Close date set', deal.closeDate],
        ['Activity in the last 14 days', pick(random, ['Yes', 'No'])],
        ['Amount matches the products', 'Yes'],
      ],
    ),
    '## Recommendations',
    '1. Keep the forecast category as it is.\n2. Confirm the close date with the champion.\n3. Attach the signed quote to the record.',
    '## Forecast entry',
    code(
      'json',
      JSON.stringify(
        {
          dealId: deal.id,
          amount: deal.amount,
          currency: deal.currency,
          probability: deal.probability,
        },
        null,
        2,
      ),
    ),
  ];
}

/** The deal coach (and any other agent): stakeholders and next steps. */
function dealCoachBlocks(deal: DealDetail, random: Random, champion: string): string[] {
  return [
    '## Stakeholders',
    table(
      ['Name', 'Role', 'Stance'],
      deal.contacts.map((c) => [
        c.name,
        c.role,
        pick(random, ['Champion', 'Supportive', 'Neutral', 'Sceptical']),
      ]),
    ),
    '## Next steps',
    `1. ${deal.nextStep}.\n2. Send ${champion} a one-page summary of the business case.\n3. Agree on a mutual action plan up to ${deal.closeDate}.`,
    '## Suggested CRM update',
    code(
      'json',
      JSON.stringify(
        { stage: deal.stage, nextStep: deal.nextStep, closeDate: deal.closeDate },
        null,
        2,
      ),
    ),
  ];
}

function baseDocument(input: WriteInput, random: Random): string {
  const { agent, deal } = input;
  return [
    `# ${agent.name}: ${deal.name}`,
    quote(input.message),
    `${pick(random, OPENERS)} ${paragraph(random, deal, 2)}`,
    '## Where things stand',
    facts(deal),
    ...agentBlocks(agent, deal, random),
    paragraph(random, deal, 2),
  ].join('\n\n');
}

/** Further sections for long outputs, without end. */
function* moreSections(deal: DealDetail, random: Random): Generator<string> {
  for (let n = 1; ; n += 1) {
    const body =
      n % 3 === 0
        ? `- ${paragraph(random, deal, 1)}\n- ${paragraph(random, deal, 1)}\n- ${paragraph(random, deal, 1)}`
        : paragraph(random, deal, 4);
    yield `\n\n## Detail ${n}\n\n${body}`;
  }
}

export function writeRun(input: WriteInput): RunScript {
  const random = seeded(`run:${input.agent.id}\u0000${input.message}\u0000${input.deal.id}`);
  const base = tokenize(baseDocument(input, random));
  const total = input.tokens ?? base.length;
  function* tokens(): Generator<string> {
    let emitted = 0;
    for (const token of base) {
      if (emitted >= total) return;
      emitted += 1;
      yield token;
    }
    for (const section of moreSections(input.deal, random)) {
      for (const token of tokenize(section)) {
        if (emitted >= total) return;
        emitted += 1;
        yield token;
      }
    }
  }
  return { tokens: tokens(), total };
}
