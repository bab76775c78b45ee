// "Prepare" for a meeting: which agent it starts and what it asks. Shared by Today's meeting card,
// meeting notifications and the tray, so all three start the same agent with the same question.
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
// what Prepare asks for), then one that briefs.
const PREP_WORDS = [/meeting|prep/i, /coach/i, /brief/i];

/**
 * The agent Prepare starts when the user chose none (Settings → Notifications): the first whose
 * id or title says it prepares meetings, briefs or coaches, else the first agent; undefined only
 * when there are no agents at all.
 */
export function suggestedPrepAgent(agents: readonly AgentLike[]): string | undefined {
  for (const words of PREP_WORDS) {
    const found = agents.find((agent) => words.test(`${agent.id} ${agent.title ?? ''}`));
    if (found !== undefined) return found.id;
  }
  return agents[0]?.id;
}

/** The agent Prepare starts: the user's choice, else the suggested one. */
export function prepAgentOf(
  chosen: string | null | undefined,
  agents: readonly AgentLike[],
): string | undefined {
  return chosen ?? suggestedPrepAgent(agents);
}
