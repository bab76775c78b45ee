// An agent's name when the service's list of agents is not at hand: its id made readable
// ("sales.deal_coach" reads "Deal coach"), never the id itself.

export function agentLabel(agentId: string): string {
  const last =
    agentId
      .split(/[./:]/)
      .filter((part) => part !== '')
      .at(-1) ?? '';
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words === '' ? 'The assistant' : `${words[0]?.toUpperCase()}${words.slice(1)}`;
}
