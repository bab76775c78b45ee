// An agent's name when the service's list of agents is not at hand: its id made readable
// ("sales.deal_coach" reads "Deal coach"), never the id itself.
import type { Translator } from '../i18n/translator';

export function agentLabel(t: Translator['t'], agentId: string): string {
  const last =
    agentId
      .split(/[./:]/)
      .filter((part) => part !== '')
      .at(-1) ?? '';
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words === '' ? t('runs.agent.fallback') : `${words[0]?.toUpperCase()}${words.slice(1)}`;
}
