// GET on the base (service metadata, spec 2.2) and GET /agents.
import { AGENTS } from './data/agents';
import { DEMO_USER } from './data/deals';
import { sendData } from './http/envelope';
import type { Handler } from './state';

export const SCOPES = ['agents:read', 'runs:read', 'runs:write', 'briefings:read', 'deals:read'];

export const getMetadata: Handler = ({ res, requestId }) => {
  sendData(res, requestId, {
    service: 'assistant',
    version: 'v1',
    environment: 'demo',
    org: { id: 'org_northwind_demo', name: 'Northwind Demo Sales' },
    principal: { type: 'user', authMode: 'session', userId: DEMO_USER.id, scopes: [...SCOPES] },
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
