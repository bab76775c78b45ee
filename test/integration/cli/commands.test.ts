// Every reading command of `assistant`, run as a child process against the demo service over
// real HTTP: human output says what a person needs, and `--json` is the service's payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../../electron/demo-service';
import { askOnService } from '../../support/ask-on-service';
import { cli, startService, type CliResult, type SpawnOptions } from './support';

let service: DemoService;

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service.stop();
});

/** Runs the command; whatever happens, the session token must not be printed. */
async function run(args: string[], options?: SpawnOptions): Promise<CliResult> {
  const result = await cli(service, args, options);
  expect(result.stdout).not.toContain(service.token);
  expect(result.stderr).not.toContain(service.token);
  return result;
}

async function api(path: string): Promise<{ data: unknown; requestId: string }> {
  const res = await fetch(`${service.baseUrl}${path}`, {
    headers: { cookie: `sb-access-token=${service.token}` },
  });
  return (await res.json()) as { data: unknown; requestId: string };
}

function json(result: CliResult): unknown {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as unknown;
}

describe('help and version', () => {
  it('prints the global help with every command and the exit codes', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    for (const command of [
      'status',
      'agents',
      'deals',
      'deal ID',
      'briefing morning|meeting',
      'runs list',
      'runs start',
      'runs follow ID',
      'runs get ID',
      'runs cancel ID',
      'usage',
    ]) {
      expect(result.stdout).toContain(command);
    }
    expect(result.stdout).toMatch(/Exit codes:[\s\S]*\b5\s+the service could not be reached/);
    expect(result.stdout).toContain('ASSISTANT_SESSION_TOKEN');
    expect(result.stderr).toBe('');
  });

  it('prints one command’s help, and the group’s help', async () => {
    const start = await run(['runs', 'start', '--help']);
    expect(start.code).toBe(0);
    expect(start.stdout).toContain(
      'Usage: assistant runs start --agent ID --deal ID --message TEXT [--follow]',
    );
    const group = await run(['help', 'runs']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/runs cancel ID/);
  });

  it('prints the version', async () => {
    const result = await run(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^assistant \d+\.\d+\.\d+\n$/);
  });
});

describe('status', () => {
  it('shows service, environment, organisation, user, scopes and capabilities', async () => {
    const result = await run(['status']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Service\s+assistant \(API v1\)$/m);
    expect(result.stdout).toMatch(/^Environment\s+demo$/m);
    expect(result.stdout).toMatch(/^Organisation\s+Northwind Demo Sales \(org_northwind_demo\)$/m);
    expect(result.stdout).toMatch(/^User\s+usr_demo_alex \(user, session\)$/m);
    expect(result.stdout).toMatch(/^Scopes\s+agents:read, runs:read, runs:write/m);
    expect(result.stdout).toMatch(
      /^Capabilities\s+streaming, runs, briefings, deals, usage; not: tokens$/m,
    );
    expect(result.stdout).toContain(service.baseUrl);
    expect(result.stderr).toBe('');
  });

  it('--json prints the metadata payload', async () => {
    const data = json(await run(['status', '--json']));
    expect(data).toEqual((await api('')).data);
  });
});

describe('agents', () => {
  it('lists id, name and description', async () => {
    const result = await run(['agents']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+DESCRIPTION$/);
    expect(result.stdout).toMatch(/^sales\.deal_coach\s+Deal coach\s+Reviews a deal/m);
    expect(lines).toHaveLength(7);
  });

  it('--json prints the items as the service sent them', async () => {
    const data = json(await run(['agents', '--json'])) as { items: Array<{ id: string }> };
    const served = (await api('/agents')).data as { items: unknown[] };
    expect(data.items).toEqual(served.items);
  });
});

describe('deals', () => {
  it('lists name, account, stage, amount with currency, close date and id', async () => {
    const result = await run(['deals', '--limit', '3']);
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^NAME\s+ACCOUNT\s+STAGE\s+AMOUNT\s+CLOSE DATE\s+ID$/);
    const served = (await api('/deals?limit=3')).data as {
      items: Array<Record<string, string | number>>;
    };
    served.items.forEach((deal, i) => {
      const row = rows[i] ?? '';
      expect(row).toContain(String(deal.name));
      expect(row).toContain(String(deal.account));
      expect(row).toContain(String(deal.stage));
      expect(row).toContain(`${deal.currency} `);
      expect(row).toContain(String(deal.closeDate));
      expect(row).toContain(String(deal.id));
    });
    expect(rows.at(-1)).toMatch(/^Showing 1–3 of \d+ \(next page: --offset 3\)\.$/);
  });

  it('--search narrows the list; no match says so', async () => {
    const target = service.control.deals()[5];
    if (target === undefined) throw new Error('demo has too few deals');
    const found = await run(['deals', '--search', target.account]);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain(target.id);
    const none = await run(['deals', '--search', 'no such account zzz']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No deals match "no such account zzz".\n');
  });

  it('--json prints items and paging; --offset pages', async () => {
    const first = json(await run(['deals', '--json', '--limit', '2'])) as {
      items: Array<{ id: string }>;
      paging: Record<string, unknown>;
    };
    const second = json(await run(['deals', '--json', '--limit', '2', '--offset', '2'])) as {
      items: Array<{ id: string }>;
    };
    const served = (await api('/deals?limit=4')).data as { items: Array<{ id: string }> };
    expect([...first.items, ...second.items]).toEqual(served.items);
    expect(first.paging).toMatchObject({ limit: 2, offset: 0, hasMore: true, nextOffset: 2 });
  });

  it('deal ID shows the title, the account and every field', async () => {
    const deal = service.control.deals()[0];
    if (deal === undefined) throw new Error('no deal');
    const result = await run(['deal', deal.id]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(deal.name);
    expect(lines[1]).toBe(deal.account);
    expect(result.stdout).toMatch(new RegExp(`^Close date\\s+${deal.closeDate}$`, 'm'));
    expect(result.stdout).toMatch(/^Next step\s+/m);
    expect(result.stdout).toMatch(/^Contacts$/m);
    expect(result.stdout).toContain(deal.contacts[0]?.email ?? '@');
    expect(result.stdout).toContain(deal.notes.split('\n')[0] ?? '');
  });

  it('deal ID --json prints the record exactly', async () => {
    const deal = service.control.deals()[1];
    if (deal === undefined) throw new Error('no deal');
    expect(json(await run(['deal', deal.id, '--json']))).toEqual(
      (await api(`/deals/${deal.id}`)).data,
    );
  });
});

describe('briefings', () => {
  it.each(['morning', 'meeting'] as const)(
    'briefing %s shows the title and fields',
    async (kind) => {
      const served = (await api(`/briefings/${kind}`)).data as Record<string, unknown>;
      const result = await run(['briefing', kind]);
      expect(result.code, result.stderr).toBe(0);
      const title = String(served.title ?? served.headline);
      expect(result.stdout.split('\n')[0]).toBe(title);
      expect(result.stdout).toMatch(/^Generated at\s+/m);
      const data = json(await run(['briefing', kind, '--json'])) as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(Object.keys(served).sort());
      expect(data.id).toBe(served.id);
    },
  );
});

describe('runs list and runs get', () => {
  it('lists runs newest first, filters by status and pages', async () => {
    const dealId = service.control.deals()[0]?.id ?? '';
    const ids: string[] = [];
    for (const message of ['first', 'second']) {
      const runId = await askOnService(service, { agentId: 'sales.deal_coach', dealId, message });
      ids.push(runId);
      await service.control.waitForRun(runId);
    }
    const result = await run(['runs', 'list']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^RUN ID\s+STATUS\s+AGENT\s+CREATED$/);
    expect(result.stdout).toMatch(
      new RegExp(`^${ids[1]}\\s+succeeded\\s+sales\\.deal_coach\\s+\\d{4}-`, 'm'),
    );
    expect(result.stdout.indexOf(ids[1] ?? '?')).toBeLessThan(result.stdout.indexOf(ids[0] ?? '?'));

    const page = json(await run(['runs', 'list', '--json', '--limit', '1', '--offset', '1'])) as {
      items: Array<{ runId: string }>;
      paging: { total?: number };
    };
    expect(page.items.map((r) => r.runId)).toEqual([ids[0]]);
    expect(page.paging.total).toBeGreaterThanOrEqual(2);

    const failed = await run(['runs', 'list', '--status', 'failed']);
    expect(failed.code).toBe(0);
    expect(failed.stdout).toBe('No runs with status "failed".\n');
  });

  it('runs get shows the run and its output; --json is the record', async () => {
    const listed = json(await run(['runs', 'list', '--json', '--limit', '1'])) as {
      items: Array<{ runId: string }>;
    };
    const runId = listed.items[0]?.runId ?? '';
    const record = service.control.getRun(runId);
    const human = await run(['runs', 'get', runId]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`Run ${runId}`);
    expect(human.stdout).toMatch(/^Status\s+succeeded$/m);
    expect(human.stdout).toMatch(/^Agent id\s+sales\.deal_coach$/m);
    expect(human.stdout).toMatch(/^Output\n {2}\S/m);
    const data = json(await run(['runs', 'get', runId, '--json'])) as { output: string };
    expect(data.output).toBe(record?.output);
    expect(data).toEqual((await api(`/runs/${runId}`)).data);
  });
});

describe('usage', () => {
  it('shows meters with percentages, levels and "no limit"', async () => {
    service.control.setUsage({ runs: 450 });
    try {
      const result = await run(['usage']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Requests\s+[\d,]+ used, no limit$/m);
      expect(result.stdout).toMatch(/^Runs\s+\[#+\.*\] 450 of 500 \(90 %\)\s+warning, 50 left$/m);
      expect(result.stdout).toMatch(/^Tokens\s+\[[#.]+\] [\d,]+ of 2,000,000 \([\d.]+ %\)\s+ok/m);
      expect(result.stdout).toMatch(/^Overall\s+warning$/m);
      const data = json(await run(['usage', '--json'])) as {
        runs: { count: number; limit: number };
      };
      expect(data.runs).toEqual({ count: 450, limit: 500 });
    } finally {
      service.control.setUsage({ runs: 0 });
    }
  });
});
