// "Service changed" in main.log is what IT reads first when a user says the app talks to the wrong
// service; the settings schema refuses an address with a secret in it, and this line leaves out
// the user info, query and fragment of one that got through anyway (the second guard).
import { describe, expect, it } from 'vitest';
import { Settings } from '../../../../electron/contract/settings';
import { createLogger, type LogEntry } from '../../../../electron/core/logs/logger';
import type { SessionService } from '../../../../electron/core/session';
import { createServiceSwitch } from '../../../../electron/core/service/switch';
import type { SwitchableClient } from '../../../../electron/core/service/switchable-client';
import type { ServiceTarget, ServiceTargets } from '../../../../electron/core/service/target';
import { addressForLog } from '../../../../electron/core/redact';

/** Targets that move to `next` on the first follow, as a new address in the settings would. */
function movingTargets(next: ServiceTarget): ServiceTargets {
  let current: ServiceTarget = {
    baseUrl: 'https://old.example/api/v1/a',
    demo: false,
    signInUrl: undefined,
  };
  return {
    current: () => current,
    demoToken: () => undefined,
    follow: () => {
      current = next;
      return Promise.resolve('service');
    },
  };
}

async function serviceChangedLine(baseUrl: string): Promise<LogEntry> {
  const entries: LogEntry[] = [];
  const used: string[] = [];
  const change = createServiceSwitch({
    targets: movingTargets({ baseUrl, demo: false, signInUrl: undefined }),
    client: { use: (url: string) => used.push(url) } as unknown as SwitchableClient,
    session: {
      signOut: () => Promise.resolve(),
      adopt: () => Promise.resolve(),
    } as unknown as SessionService,
    stopRuns: () => Promise.resolve(),
    forgetUserData: () => Promise.resolve(),
    onSignInPageChanged: () => undefined,
    log: createLogger({ onEntry: (entry) => entries.push(entry) }),
  });
  await change(Settings.parse({}));
  // The client itself still gets the address as given: only what is written down is cut.
  expect(used).toEqual([baseUrl]);
  const line = entries.find((entry) => entry.message === 'Service changed');
  if (line === undefined) throw new Error('no "Service changed" line');
  return line;
}

describe('the log line of a service change', () => {
  it('carries no query, fragment or user info, and still names the service', async () => {
    const line = await serviceChangedLine(
      'https://sam:hunter2@crm.example.com/api/v1/assistant?token=S3CRET#key=S3CRET',
    );
    const written = JSON.stringify(line);
    expect(written).not.toContain('S3CRET');
    expect(written).not.toContain('hunter2');
    expect(line.fields).toMatchObject({
      baseUrl: 'https://[redacted]@crm.example.com/api/v1/assistant?[redacted]#[redacted]',
      demo: false,
    });
  });

  it('keeps an address without secrets as it is', async () => {
    const line = await serviceChangedLine('https://crm.example.com/api/v1/assistant');
    expect(line.fields).toMatchObject({ baseUrl: 'https://crm.example.com/api/v1/assistant' });
  });
});

describe('an address as logs print it', () => {
  it('cuts user info, query and fragment however they are written', () => {
    expect(addressForLog('https://crm.example.com/api?')).toBe(
      'https://crm.example.com/api?[redacted]',
    );
    expect(addressForLog('https://crm.example.com/api#')).toBe(
      'https://crm.example.com/api#[redacted]',
    );
    expect(addressForLog('https://crm.example.com/a#b?c')).toBe(
      'https://crm.example.com/a#[redacted]',
    );
    // WHATWG reads user info here too, with no slashes after the scheme.
    expect(addressForLog('https:sam:pw@crm.example.com/x')).toBe(
      'https://[redacted]@crm.example.com/x',
    );
    expect(addressForLog('http://127.0.0.1:4010/api/v1/assistant')).toBe(
      'http://127.0.0.1:4010/api/v1/assistant',
    );
    // Text no URL parser reads is cut by its characters.
    expect(addressForLog('https://sam:pw@[bad/x?token=S3CRET#f')).toBe(
      'https://[redacted]@[bad/x?[redacted]#[redacted]',
    );
  });
});
