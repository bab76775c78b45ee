// "Prepare" for a meeting: which agent it starts and what it asks. Shared by Today's meeting card,
// meeting notifications and the tray, so all three start the same agent with the same question.
import type { AutoPrepStatus } from '../../contract/auto-prep';
import type { Translator } from '../i18n/translator';

/** The message Prepare starts the prep agent with, in the interface language: it is the answer's question. */
export function prepareMessage(t: Translator['t']): string {
  return t('briefings.prep.question');
}

/** What an agent says about itself that tells whether it prepares meetings. */
export interface AgentLike {
  id: string;
  title?: string;
}

// In order of preference: an agent made for meetings, then a coach (risks, people, next steps:
// what Prepare asks for), then one that briefs on an account, a deal or a call. A brief on
// something else ("Persona brief", "Competitor brief") does not prepare a meeting.
const PREP_WORDS = [
  /meeting|prep|pre-?call/i,
  /coach/i,
  /(account|deal|meeting|call|customer|company)[\s_.-]*brief/i,
];

/** The agent Prepare starts when the user chose none, and whether its name said it prepares. */
export interface PrepSuggestion {
  agentId: string;
  /** False: no agent's id or title says so, and the first agent stands in until the user chooses. */
  byName: boolean;
}

/**
 * The agent Prepare starts when the user chose none (Settings → Notifications): the first whose
 * id or title says it prepares meetings, coaches or briefs on an account, else the first agent;
 * undefined only when there are no agents at all.
 */
export function prepSuggestion(agents: readonly AgentLike[]): PrepSuggestion | undefined {
  for (const words of PREP_WORDS) {
    const found = agents.find((agent) => words.test(`${agent.id} ${agent.title ?? ''}`));
    if (found !== undefined) return { agentId: found.id, byName: true };
  }
  const first = agents[0];
  return first === undefined ? undefined : { agentId: first.id, byName: false };
}

export function suggestedPrepAgent(agents: readonly AgentLike[]): string | undefined {
  return prepSuggestion(agents)?.agentId;
}

/** The agent Prepare starts: the user's choice, else the suggested one. */
export function prepAgentOf(
  chosen: string | null | undefined,
  agents: readonly AgentLike[],
): string | undefined {
  return chosen ?? suggestedPrepAgent(agents);
}

/** The answer of a meeting's prep, once there is one to show: running or ready. */
export function prepRunOf(prep: AutoPrepStatus): string | undefined {
  return prep.status === 'running' || prep.status === 'ready' ? prep.runId : undefined;
}
