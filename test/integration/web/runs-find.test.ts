// Finding runs made outside this app (another computer, the command line): created straight on
// the demo service over HTTP, then found through browser mode's host by deal, agent, status and
// words of the question, newest first, with how far the search looked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { askOnService } from '../../support/ask-on-service';
import { blankRendererDir, connectAsPage, type PageClient } from './support';

let work: string;
let demo: DemoService;
let mode: BrowserMode;
let page: PageClient;

async function createRunElsewhere(agentId: string, dealId: string, message: string) {
  const runId = await askOnService(demo, { agentId, dealId, message });
  await demo.control.waitForRun(runId);
  return runId;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'runs-find-test-'));
  const renderer = await blankRendererDir(work);
  demo = await startDemoService({ pacing: 'instant' });
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: renderer,
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: false,
  });
  page = await connectAsPage(mode.url);
});
afterAll(async () => {
  page?.close();
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('runs.find', () => {
  it('finds runs made elsewhere by deal, agent, status and question words, newest first', async () => {
    const [first, second] = demo.control.deals();
    const agents = await page.bridge.invoke('agents.list', {});
    if (!first || !second || !agents.ok) throw new Error('demo data missing');
    const [coach, other] = agents.data.value;
    if (!coach || !other) throw new Error('two agents needed');

    const older = await createRunElsewhere(
      coach.id,
      first.id,
      'How do we handle the pricing objection?',
    );
    const newer = await createRunElsewhere(other.id, first.id, 'Draft a follow-up email');
    const elsewhere = await createRunElsewhere(
      coach.id,
      second.id,
      'Pricing for the Réunion office',
    );
    // Enough other runs that the deal's are not all on the first page.
    for (let i = 0; i < 120; i++) await createRunElsewhere(coach.id, second.id, `Filler ${i}`);

    const byDeal = await page.bridge.invoke('runs.find', {
      dealId: first.id,
      limit: 10,
      scan: 1000,
    });
    expect(byDeal.ok && byDeal.data.items.map((r) => r.runId)).toEqual([newer, older]);
    expect(byDeal.ok && byDeal.data).toMatchObject({ scanned: 123, complete: true });

    const byWords = await page.bridge.invoke('runs.find', { query: 'PRICING reunion', limit: 10 });
    expect(byWords.ok && byWords.data.items.map((r) => r.runId)).toEqual([elsewhere]);

    const byAgent = await page.bridge.invoke('runs.find', {
      agentId: other.id,
      status: 'succeeded',
      limit: 10,
    });
    expect(byAgent.ok && byAgent.data.items.map((r) => r.runId)).toEqual([newer]);

    // A bounded search says it did not look at everything.
    const bounded = await page.bridge.invoke('runs.find', {
      dealId: first.id,
      limit: 10,
      scan: 50,
    });
    expect(bounded.ok && bounded.data).toMatchObject({ items: [], scanned: 50, complete: false });
  });
});
