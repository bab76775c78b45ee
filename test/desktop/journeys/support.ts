// What several journeys do the same way, through the driver only (so both drivers run them).

import type { Page } from '@playwright/test';
import { ServerResponse } from 'node:http';
import { copyFile, cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoService } from '../../../electron/demo-service';
import type { DesktopApp } from '../driver/types';
import { expect, repo } from '../fixtures';
import { relayBinary } from '../../support/relay-binary';

/** Calls the contract from the page exactly as the renderer does, through window.assistant. */
export function invoke<T = unknown>(page: Page, name: string, input: unknown = {}): Promise<T> {
  return page.evaluate(
    ([n, i]) => {
      const bridge = Reflect.get(globalThis, 'assistant') as {
        invoke(n: string, i: unknown): Promise<unknown>;
      };
      return bridge.invoke(n, i);
    },
    [name, input] as const,
  ) as Promise<T>;
}

/** The data of an ok Result, or a failure naming the error. */
export function ok<T>(result: unknown): T {
  const r = result as { ok: boolean; data?: T; error?: unknown };
  if (!r.ok) throw new Error(`The call failed: ${JSON.stringify(r.error)}`);
  return r.data as T;
}

/** A profile whose settings point at `demo` (a service the app has no session for yet). */
export async function profileFor(
  demo: DemoService,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'assistant-desktop-profile-'));
  await writeFile(
    join(dir, 'settings.json'),
    JSON.stringify({
      serviceBaseUrl: demo.baseUrl,
      signInUrl: demo.loginUrl,
      // The demo's next meeting is always within the hour: a prep would start by itself beside
      // what a journey does (auto-prep.spec.ts turns it on).
      autoPrep: { mode: 'off' },
      ...settings,
    }),
  );
  return dir;
}

/**
 * Signs in through the sign-in window on the demo service's own page, as a user does; resolves
 * with the token the service set (read from the page's response, never from the app).
 */
export async function signIn(app: DesktopApp, page: Page): Promise<string> {
  const status = invoke<{ ok: boolean; data: { signedIn: boolean } }>(page, 'session.signIn');
  const signInPage = await app.waitForWindow(/\/login/);
  // The token as the demo service (in this process) hands it out. The page cannot be asked: the
  // app closes the window as soon as the cookie lands, often before Playwright sees the response.
  let token: string | undefined;
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find(
      (a): a is Record<string, unknown> => typeof a === 'object' && a !== null,
    );
    const cookie = /sb-access-token=([^;]+)/.exec(String(headers?.['Set-Cookie'] ?? ''));
    if (cookie?.[1] !== undefined && cookie[1] !== '') token = cookie[1];
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof writeHead;
  let result: { ok: boolean; data: { signedIn: boolean } };
  try {
    await signInPage.getByLabel('Email').fill('sam@example.com');
    await signInPage.getByLabel('Password').fill('demo');
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    result = await status;
  } finally {
    ServerResponse.prototype.writeHead = writeHead;
  }
  expect(result.ok).toBe(true);
  expect(result.data.signedIn).toBe(true);
  if (token === undefined) throw new Error('The sign-in page set no session cookie');
  return token;
}

interface Titled {
  id: string;
  title: string;
}

/** The first deal the service lists, as the app sees it. */
export async function firstDeal(page: Page): Promise<Titled> {
  const deals = ok<{ value: Titled[] }>(await invoke(page, 'deals.list', {}));
  const deal = deals.value[0];
  if (deal === undefined) throw new Error('No deals');
  return deal;
}

/** Starts a run on the first deal with the first agent, as the deal page's Ask does. */
export async function startRun(
  page: Page,
  message = 'Summarise where this deal stands.',
): Promise<{ runId: string; deal: Titled; agent: Titled }> {
  const deal = await firstDeal(page);
  const agents = ok<{ value: Titled[] }>(await invoke(page, 'agents.list', {}));
  const agent = agents.value[0];
  if (agent === undefined) throw new Error('No agents');
  const run = ok<{ runId: string }>(
    await invoke(page, 'runs.start', { agentId: agent.id, message, dealId: deal.id }),
  );
  return { runId: run.runId, deal, agent };
}

/** The app's transcript of a run (what it streamed and stored). */
export async function transcriptText(page: Page, runId: string): Promise<string | undefined> {
  const transcript = ok<{ text: string } | null>(await invoke(page, 'runs.transcript', { runId }));
  return transcript?.text;
}

/** Waits until the app reports the run done (its follow over). */
export async function runDone(page: Page, runId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const live = ok<{ runs: Array<{ runId: string; done: boolean }> }>(
          await invoke(page, 'runs.live', {}),
        );
        return live.runs.find((run) => run.runId === runId)?.done ?? true;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/** A profile on the embedded demo service with these settings. */
export async function profileWith(settings: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'assistant-desktop-profile-'));
  await writeFile(join(dir, 'settings.json'), JSON.stringify(settings));
  return dir;
}

/** The session as the app reports it. */
export async function sessionStatus(page: Page) {
  return ok<{ signedIn: boolean; expired: boolean; storage: string; storageReason?: string }>(
    await invoke(page, 'session.status'),
  );
}

/**
 * An installed app's resources folder in `folder`: what electron-builder's extraResources put
 * there (tray images, icon) and, unless left out, the companion's relay. The relay's path.
 */
export async function installedResources(
  folder: string,
  { relay = true }: { relay?: boolean } = {},
): Promise<{ resources: string; relay: string }> {
  const resources = join(folder, 'resources');
  await cp(join(repo, 'resources', 'tray'), join(resources, 'tray'), { recursive: true });
  await copyFile(join(repo, 'resources', 'icon.png'), join(resources, 'icon.png'));
  const relayPath = join(resources, 'relay', 'assistant-relay');
  if (relay) {
    await mkdir(join(resources, 'relay'));
    await copyFile(relayBinary(), relayPath);
  }
  return { resources, relay: relayPath };
}
