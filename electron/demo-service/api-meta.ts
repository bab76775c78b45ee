// GET on the base (service metadata, spec 2.2) and GET /agents.
import { AGENTS } from './data/agents';
import { PROFILE_ORGS } from './data/profiles';
import { sendData } from './http/envelope';
import type { Handler } from './state';

export const SCOPES = ['agents:read', 'runs:read', 'runs:write', 'briefings:read', 'deals:read'];

export const getMetadata: Handler = ({ res, requestId, state }) => {
  const org = PROFILE_ORGS[state.options.profile];
  sendData(res, requestId, {
    service: 'assistant',
    version: 'v1',
    environment: 'demo',
    org: { id: org.id, name: org.name },
    principal: { type: 'user', authMode: 'session', userId: org.userId, scopes: [...SCOPES] },
    capabilities: {
      streaming: true,
      runs: true,
      briefings: true,
      deals: true,
      tokens: false,
      usage: true,
    },
  });
};

export const listAgents: Handler = ({ res, requestId }) => {
  sendData(res, requestId, { items: AGENTS, total: AGENTS.length });
};
