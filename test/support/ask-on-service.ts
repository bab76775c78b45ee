// A run asked straight on the demo service, as another computer or the command line would ask it:
// no app here saw it start.
import type { DemoService } from '../../electron/demo-service';

export interface AskedRun {
  agentId: string;
  dealId: string;
  message: string;
}

/** Starts the run on the service (POST /runs with the demo's own session); its id. */
export async function askOnService(
  demo: Pick<DemoService, 'baseUrl' | 'token'>,
  run: AskedRun,
): Promise<string> {
  const res = await fetch(`${demo.baseUrl}/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sb-access-token=${demo.token}` },
    body: JSON.stringify({
      agentId: run.agentId,
      input: { message: run.message },
      context: { dealId: run.dealId },
    }),
  });
  if (!res.ok) throw new Error(`POST /runs answered ${res.status}`);
  return ((await res.json()) as { data: { runId: string } }).data.runId;
}
