// Formatting for the terminal: widths, tables, money and dates, records whose fields are not
// shown, usage meters, status, error lines and exit codes.
import { describe, expect, it } from 'vitest';
import { displayHints, type ResourceList, type ResourceRecord } from '../../../electron/core/api';
import { AssistantError } from '../../../electron/core/errors';
import { summariseUsage } from '../../../electron/core/usage';
import { EXIT, exitCodeFor } from '../../../electron/cli/exit-codes';
import { errorLine, usageLine } from '../../../electron/cli/format/errors';
import { renderRecord } from '../../../electron/cli/format/record';
import { pagingLine, renderAgents, renderDeals } from '../../../electron/cli/format/resources';
import { renderStatus } from '../../../electron/cli/format/status';
import { colourWanted, createStyle, plain } from '../../../electron/cli/format/style';
import { renderTable } from '../../../electron/cli/format/table';
import {
  displayWidth,
  humaniseKey,
  oneLine,
  safeBlock,
  truncate,
} from '../../../electron/cli/format/text';
import { renderUsage } from '../../../electron/cli/format/usage';
import { formatDate, formatMoney, formatPercent } from '../../../electron/cli/format/values';

function record(data: Record<string, unknown>, resource = 'deal'): ResourceRecord {
  return { data, display: displayHints(data, resource) };
}

function list(items: Record<string, unknown>[], resource = 'deal'): ResourceList {
  return { items: items.map((i) => record(i, resource)), paging: {}, meta: {}, listPath: 'data' };
}

describe('text', () => {
  it('measures wide and combining characters', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('大阪')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('truncates to a width with an ellipsis, never splitting a wide character', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('大阪ロボ', 5)).toBe('大阪…');
  });

  it('neutralises terminal control sequences and bidi overrides from service text', () => {
    expect(oneLine('a\u001b[31mred\u001b[0m\nb\tc')).toBe('a\uFFFD[31mred\uFFFD[0m b c');
    expect(oneLine('x\u202Ey')).toBe('x\uFFFDy');
    expect(safeBlock('line 1\nline\u00072\r\n')).toBe('line 1\nline\uFFFD2\n');
  });

  it('turns keys into labels', () => {
    expect(humaniseKey('closeDate')).toBe('Close date');
    expect(humaniseKey('total_count')).toBe('Total count');
    expect(humaniseKey('lastEventId')).toBe('Last event id');
    expect(humaniseKey('HTTPStatus')).toBe('Http status');
  });
});

describe('values', () => {
  it('writes money with the ISO code first, and odd currencies after', () => {
    expect(formatMoney(36920, 'USD')).toBe('USD 36,920.00');
    expect(formatMoney(10008900, 'jpy')).toBe('JPY 10,008,900');
    expect(formatMoney(12.5, 'points')).toBe('12.5 points');
    expect(formatMoney(1000, undefined)).toBe('1,000');
  });

  it('writes percentages and dates', () => {
    expect(formatPercent(0.9)).toBe('90 %');
    expect(formatPercent(0.024)).toBe('2.4 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatDate('2026-11-24')).toBe('2026-11-24');
    expect(formatDate('2026-11-24T10:00:00Z')).toBe('2026-11-24');
    expect(formatDate('next week')).toBe('next week');
  });
});

describe('tables', () => {
  const rows = [
    { a: 'x', b: 'a long description here' },
    { a: '大阪', b: 'short' },
  ];
  const columns = [
    { header: 'A', value: (r: (typeof rows)[number]) => r.a },
    { header: 'B', value: (r: (typeof rows)[number]) => r.b, flexible: true },
  ];

  it('aligns columns by display width', () => {
    expect(renderTable(rows, columns, { style: plain })).toBe(
      'A     B\nx     a long description here\n大阪  short\n',
    );
  });

  it('shortens the flexible column to the terminal width', () => {
    const text = renderTable(rows, columns, { style: plain, maxWidth: 20 });
    for (const line of text.trimEnd().split('\n'))
      expect(displayWidth(line)).toBeLessThanOrEqual(20);
    expect(text).toContain('x     a long descri…\n');
  });

  it('keeps escape codes out of the width', () => {
    const style = createStyle(true);
    const text = renderTable(rows, columns, { style });
    expect(text.split('\n')[0]).toBe(`${style.bold('A   ')}  ${style.bold('B')}`);
  });
});

describe('deals and agents', () => {
  it('reads deal columns by their fallbacks, whatever the record shape', () => {
    const text = renderDeals(
      list([
        {
          id: 'd1',
          name: 'Big deal',
          account: 'Acme',
          stage: 'proposal',
          amount: 1200,
          currency: 'EUR',
          closeDate: '2026-12-01',
        },
        {
          dealId: 'd2',
          title: 'Other',
          company: { name: 'Globex' },
          status: 'open',
          amount: { value: 99, currency: 'USD' },
          expected_close_date: '2027-01-15T00:00:00Z',
        },
        { id: 'd3' },
      ]),
      { style: plain },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^Big deal\s+Acme\s+proposal\s+EUR 1,200\.00\s+2026-12-01\s+d1$/);
    expect(lines[2]).toMatch(/^Other\s+Globex\s+open\s+USD 99\.00\s+2027-01-15\s+d2$/);
    expect(lines[3]).toMatch(/^d3\s+—\s+—\s+—\s+—\s+d3$/);
  });

  it('lists agents with id, name and description', () => {
    const text = renderAgents(
      list([{ id: 'sales.coach', name: 'Coach', description: 'Helps.' }, { id: 'x.y' }], 'agent'),
      { style: plain },
    );
    expect(text).toBe(
      'ID           NAME   DESCRIPTION\nsales.coach  Coach  Helps.\nx.y          x.y\n',
    );
  });

  it('sums up paging', () => {
    expect(pagingLine({ total: 48, hasMore: true, nextOffset: 20 }, 20, 0)).toBe(
      'Showing 1–20 of 48 (next page: --offset 20).',
    );
    expect(pagingLine({ total: 48, offset: 40, hasMore: false }, 8)).toBe('Showing 41–48 of 48.');
    expect(pagingLine({ total: 3 }, 3)).toBeUndefined();
    expect(pagingLine({}, 5)).toBeUndefined();
  });
});

describe('records', () => {
  it('prints the title, the full subtitle, then every other field once', () => {
    const summary = 'S'.repeat(250);
    const text = renderRecord(
      record(
        {
          id: 'b1',
          headline: 'Good morning',
          summary,
          count: 3,
          done: false,
          nothing: null,
          tags: ['a', 'b'],
          notes: 'line one\nline two',
          owner: { name: 'Alex', email: 'a@x' },
          sections: [{ title: 'One', body: 'Body' }],
          empty: [],
        },
        'briefing',
      ),
      { style: plain },
    );
    expect(text).toBe(
      [
        'Good morning',
        summary,
        '',
        'Id       b1',
        'Count    3',
        'Done     no',
        'Nothing  —',
        'Tags     a, b',
        'Notes',
        '  line one',
        '  line two',
        'Owner',
        '  Name   Alex',
        '  Email  a@x',
        'Sections',
        '  - Title  One',
        '    Body   Body',
        'Empty    none',
        '',
      ].join('\n'),
    );
  });

  it('a heading replaces the title; the skipped fields are left out', () => {
    const text = renderRecord(record({ runId: 'r1', status: 'failed' }, 'run'), {
      style: plain,
      heading: 'Run r1',
      noSubtitle: true,
      skip: ['runId'],
    });
    expect(text).toBe('Run r1\n\nStatus  failed\n');
  });

  it('never lets control characters through', () => {
    const text = renderRecord(record({ name: 'Evil\u001b]0;pwned\u0007', note: 'x\u001b[2J' }), {
      style: plain,
    });
    // eslint-disable-next-line no-control-regex -- asserting their absence
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

describe('usage and status', () => {
  it('shows meters, percentages, levels and "no limit"', () => {
    const view = summariseUsage({
      billingPeriod: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
      requests: { count: 1234, limit: null },
      runs: { count: 96, limit: 100 },
      tokens: { input: 1000, output: 500, limit: 100000 },
    });
    expect(renderUsage(view, plain)).toBe(
      [
        'Billing period  2026-11-01 00:00 UTC to 2026-12-01 00:00 UTC',
        'Requests        1,234 used, no limit',
        'Runs            [###################.] 96 of 100 (96 %)  critical, 4 left',
        'Tokens          [....................] 1,500 of 100,000 (1.5 %)  ok, 98,500 left  (input 1,000, output 500)',
        'Overall         critical',
        '',
      ].join('\n'),
    );
  });

  const status = {
    service: 'assistant',
    version: 'v1',
    environment: 'prod',
    org: { id: 'o1', name: 'Org' },
    principal: { type: 'user', authMode: 'session', userId: 'u1', scopes: [] },
    capabilities: {
      streaming: true,
      runs: true,
      briefings: false,
      deals: true,
      tokens: false,
      usage: true,
      voice: true,
    },
    region: 'eu',
  };
  const where = { baseUrl: 'https://x/api/v1/assistant', embedded: false, style: plain };

  it('shows who and what the service says', () => {
    const text = renderStatus(status, where);
    expect(text).toContain('Scopes        none\n');
    expect(text).toContain(
      'Capabilities  streaming, runs, deals, usage, voice; not: briefings, tokens\n',
    );
    expect(text).toContain('Address       https://x/api/v1/assistant\n');
    expect(text).toMatch(/\nRegion {2}eu\n$/);
    expect(text).toContain('User          u1 (user, session)\n');
  });

  it('names the user when the service says who beside the id', () => {
    const principal = { ...status.principal, user: { name: 'Alex Morgan' } };
    const text = renderStatus({ ...status, principal }, where);
    expect(text).toContain('User          Alex Morgan, u1 (user, session)\n');
  });
});

describe('errors and exit codes', () => {
  it('one line with the code and request id', () => {
    const error = new AssistantError({
      kind: 'service',
      code: 'run_not_found',
      message: 'No run with id "x".\nSecond line',
      requestId: 'req_1',
      status: 404,
    });
    expect(errorLine(error)).toBe(
      'assistant: No run with id "x". Second line (code run_not_found, request req_1)',
    );
    expect(errorLine(error, { runId: 'r1' })).toContain('request req_1, run r1)');
  });

  it('tells how to sign in when unauthorized', () => {
    const error = new AssistantError({
      kind: 'unauthorized',
      message: 'Authentication is required',
    });
    expect(errorLine(error)).toBe(
      'assistant: Authentication is required. Set ASSISTANT_SESSION_TOKEN to a current session token. (code unauthorized)',
    );
  });

  it('usage lines point at the help', () => {
    expect(usageLine('unknown option --x', 'assistant deals --help')).toBe(
      'assistant: unknown option --x (see `assistant deals --help`)',
    );
  });

  it('maps every error kind to its documented code', () => {
    const code = (kind: ConstructorParameters<typeof AssistantError>[0]['kind']) =>
      exitCodeFor(new AssistantError({ kind, message: 'm' }));
    expect(code('invalid_input')).toBe(EXIT.usage);
    expect(code('unauthorized')).toBe(EXIT.unauthorized);
    expect(code('service')).toBe(EXIT.service);
    expect(code('bad_response')).toBe(EXIT.service);
    expect(code('schema')).toBe(EXIT.service);
    expect(code('quota')).toBe(EXIT.service);
    expect(code('network')).toBe(EXIT.unreachable);
    expect(code('timeout')).toBe(EXIT.unreachable);
    expect(code('aborted')).toBe(EXIT.interrupted);
    // A bug of ours is not "unreachable" (5): it is reported like any other failure (4).
    expect(code('internal')).toBe(EXIT.service);
  });
});

describe('colour', () => {
  it('only on a TTY, and never with NO_COLOR, TERM=dumb or --no-color', () => {
    expect(colourWanted(true, {}, false)).toBe(true);
    expect(colourWanted(false, {}, false)).toBe(false);
    expect(colourWanted(undefined, {}, false)).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '1' }, false)).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '' }, false)).toBe(true);
    expect(colourWanted(true, { TERM: 'dumb' }, false)).toBe(false);
    expect(colourWanted(true, {}, true)).toBe(false);
  });
});
