// Every way `assistant` can fail, as a child process against the demo service: the exit code a
// script can rely on, one readable line on stderr with the code (and request id when the
// service gave one), no stack trace, and never the session token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../../electron/demo-service';
import { cli, closedPort, serviceEnv, startService, type CliResult } from './support';

let service: DemoService;
let dealId: string;

beforeAll(async () => {
  service = await startService();
  dealId = service.control.deals()[0]?.id ?? '';
});

afterAll(async () => {
  await service.stop();
});

function oneErrorLine(result: CliResult): string {
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  expect(lines, result.stderr).toHaveLength(1);
  const line = lines[0] ?? '';
  expect(line).toMatch(/^assistant: /);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  return line;
}

function secretsKept(result: CliResult, token: string): void {
  expect(result.stdout).not.toContain(token);
  expect(result.stderr).not.toContain(token);
}

/** What the service has seen: requests counted by its usage meter, and runs it holds. */
function seen(): { requests: number; runs: number } {
  const usage = service.control.usage();
  return { requests: usage.requests.count, runs: usage.runs.count };
}

const startArgs = (agent: string, deal: string, message: string): string[] => [
  'runs',
  'start',
  '--agent',
  agent,
  '--deal',
  deal,
  '--message',
  message,
];

describe('exit 2: invalid usage', () => {
  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['deals', '--nope'], /unknown option --nope/],
    [['agents', '--search', 'x'], /--search does not apply to "agents"/],
    [['deals', '--limit', 'ten'], /--limit must be a whole number of at least 1 \(got "ten"\)/],
    [['deals', '--limit'], /--limit needs a value/],
    [['deal'], /"deal" needs ID/],
    [['runs'], /"runs" needs a command: list, start, follow, get, cancel/],
    [['runs', 'get', 'a', 'b'], /unexpected argument "b"/],
    [['briefing', 'evening'], /"briefing" takes morning or meeting/],
    [['runs', 'start', '--agent', 'sales.deal_coach'], /"runs start" needs --deal, --message/],
    [['--json', 'status', '--json=yes'], /--json takes no value/],
  ])('%j → one line with a hint, exit 2', async (args, message) => {
    const before = seen();
    const result = await cli(service, args);
    expect(result.code).toBe(2);
    const line = oneErrorLine(result);
    expect(line).toMatch(message);
    expect(line).toMatch(/\(see `assistant [^`]*--help`\)$/);
    expect(result.stdout).toBe('');
    expect(seen()).toEqual(before);
  });

  it('bare `assistant` prints the help on stderr and exits 2', async () => {
    const result = await cli(service, []);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: assistant <command> [options]');
  });

  it('--token is refused, without echoing it, and nothing is sent', async () => {
    const before = seen();
    for (const args of [
      ['status', '--token', 'my-secret-value'],
      ['--token=my-secret-value', 'agents'],
    ]) {
      const result = await cli(service, args);
      expect(result.code).toBe(2);
      const line = oneErrorLine(result);
      expect(line).toContain('--token is not accepted');
      expect(line).toContain('process list');
      expect(line).toContain('ASSISTANT_SESSION_TOKEN');
      expect(result.stderr).not.toContain('my-secret-value');
    }
    expect(seen()).toEqual(before);
  });
});

describe('exit 2: bad run input, refused before anything is sent', () => {
  it.each([
    [
      'an agent id not of the form namespace.name',
      'dealcoach',
      null,
      'hello',
      /Agent id "dealcoach" is not of the form/,
    ],
    ['an empty message', 'sales.deal_coach', null, '   ', /Write a message for the agent/],
    [
      'a deal id that is not a UUID',
      'sales.deal_coach',
      'deal-42',
      'hello',
      /Deal id "deal-42" is not a UUID/,
    ],
  ])('%s', async (_what, agent, deal, message, expected) => {
    const before = seen();
    const result = await cli(service, startArgs(agent, deal ?? dealId, message));
    expect(result.code).toBe(2);
    const line = oneErrorLine(result);
    expect(line).toMatch(expected);
    expect(line).toMatch(/\(code invalid_input\)$/);
    expect(seen()).toEqual(before);
  });

  it('an invalid --base-url is refused before connecting', async () => {
    const result = await cli(service, ['status', '--base-url', 'ftp://example.test/api']);
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toMatch(/must start with https:\/\/.*\(code invalid_input\)/);
  });
});

describe('exit 3: not signed in', () => {
  it('without ASSISTANT_SESSION_TOKEN, says how to sign in; nothing is sent', async () => {
    const before = seen();
    const result = await cli(service, ['status'], {
      env: { ASSISTANT_BASE_URL: service.baseUrl },
    });
    expect(result.code).toBe(3);
    const line = oneErrorLine(result);
    expect(line).toMatch(
      /Not signed in: ASSISTANT_SESSION_TOKEN is not set.*\(code not_signed_in\)$/,
    );
    expect(seen()).toEqual(before);
  });

  it('an expired session exits 3 with the service’s code and request id', async () => {
    const token = service.control.createSession();
    service.control.expireSession(token);
    const result = await cli(service, ['agents'], { env: serviceEnv(service, token) });
    expect(result.code).toBe(3);
    const line = oneErrorLine(result);
    expect(line).toMatch(/ASSISTANT_SESSION_TOKEN.*\(code unauthorized, request req_[\w-]+\)$/);
    secretsKept(result, token);
  });

  it('a revoked session while starting a run exits 3; no run is created', async () => {
    const token = service.control.createSession();
    service.control.revokeSession(token);
    const before = seen().runs;
    const result = await cli(
      service,
      [...startArgs('sales.deal_coach', dealId, 'hi'), '--follow'],
      {
        env: serviceEnv(service, token),
      },
    );
    expect(result.code).toBe(3);
    oneErrorLine(result);
    secretsKept(result, token);
    expect(seen().runs).toBe(before);
  });
});

describe('exit 4: another error from the service', () => {
  it('an unknown run', async () => {
    const result = await cli(service, ['runs', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).toBe(4);
    expect(oneErrorLine(result)).toMatch(
      /^assistant: No run with id "00000000-0000-4000-8000-000000000000"\. \(code run_not_found, request req_[\w-]+\)$/,
    );
  });

  it.each([['follow'], ['cancel']])('runs %s of an unknown run', async (verb) => {
    const result = await cli(service, ['runs', verb, 'no-such-run']);
    expect(result.code).toBe(4);
    expect(oneErrorLine(result)).toMatch(/\(code run_not_found, request req_[\w-]+\)$/);
  });

  it('the token echoed back by the service is cut out of the message', async () => {
    const result = await cli(service, ['deal', service.token]);
    expect(result.code).toBe(4);
    const line = oneErrorLine(result);
    expect(line).toContain('[redacted]');
    expect(line).toContain('code deal_not_found');
    secretsKept(result, service.token);
  });

  it('a run over the runs quota is refused before it is created', async () => {
    service.control.setLimits({ runs: 1 });
    service.control.setUsage({ runs: 1 });
    try {
      const before = seen().runs;
      const result = await cli(service, startArgs('sales.deal_coach', dealId, 'one more'));
      expect(result.code).toBe(4);
      expect(oneErrorLine(result)).toMatch(
        /Run limit reached: 1 of 1 runs.*\(code runs_quota_reached\)$/,
      );
      expect(seen().runs).toBe(before);
    } finally {
      service.control.setLimits({ runs: 500 });
      service.control.setUsage({ runs: 0 });
    }
  });
});

describe('exit 5: the service cannot be reached', () => {
  it('a closed port', async () => {
    const port = await closedPort();
    const result = await cli(undefined, ['status'], {
      env: {
        ASSISTANT_BASE_URL: `http://127.0.0.1:${port}/api/v1/assistant`,
        ASSISTANT_SESSION_TOKEN: 'tok-unreachable-1234',
      },
    });
    expect(result.code).toBe(5);
    expect(oneErrorLine(result)).toMatch(/VPN.*\(code ECONNREFUSED\)$/);
    secretsKept(result, 'tok-unreachable-1234');
  });
});

describe('the command’s words stay English whatever the system’s language', () => {
  const german = { LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', LANGUAGE: 'de' };

  it('a gateway’s HTML page and an unreachable service', async () => {
    const gateway = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>Bad gateway</body></html>');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    try {
      const result = await cli(undefined, ['status'], {
        env: {
          ...german,
          ASSISTANT_BASE_URL: `http://127.0.0.1:${port}/api/v1/assistant`,
          ASSISTANT_SESSION_TOKEN: 'tok-gateway-1234',
        },
      });
      expect(oneErrorLine(result)).toBe(
        'assistant: The service answered HTTP 502 with a non-JSON answer: "Bad gateway" (code http_502)',
      );
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }

    const closed = await closedPort();
    const unreachable = await cli(undefined, ['status'], {
      env: {
        ...german,
        ASSISTANT_BASE_URL: `http://127.0.0.1:${closed}/api/v1/assistant`,
        ASSISTANT_SESSION_TOKEN: 'tok-unreachable-1234',
      },
    });
    expect(oneErrorLine(unreachable)).toMatch(/^assistant: Could not reach the service\. /);
  });

  it('a refused agent id', async () => {
    const result = await cli(service, startArgs('nodot', dealId, 'Hello'), {
      env: { ...german, ...serviceEnv(service) },
    });
    expect(oneErrorLine(result)).toMatch(
      /Agent id "nodot" is not of the form <namespace>\.<agent_name> \(letters, digits, _ or -\)\./,
    );
  });
});
