// One valid input and output for every request and one valid payload for every event. Typed by
// the contract, so a request or event added without a sample fails to compile.
import type {
  CompanionState,
  EventName,
  EventPayload,
  ManagedSettings,
  RequestInput,
  RequestName,
  RequestOutput,
  Settings,
} from '../../../electron/contract';

const at = '2026-11-22T08:00:00.000Z';
const dealId = '4623f483-b85d-5178-8205-db9d660593ee';

const settings: Settings = {
  serviceBaseUrl: null,
  signInUrl: null,
  theme: 'system',
  language: 'system',
  launchAtLogin: false,
  globalShortcut: 'CommandOrControl+Shift+A',
  notifications: {
    doNotDisturb: false,
    enabled: {
      'morning-briefing': true,
      'meeting-briefing': true,
      quota: true,
      'run-finished': true,
    },
    morningTime: '08:00',
    morningDays: ['mon', 'tue'],
    morningCatchUpMinutes: 180,
    meetingLeadMinutes: 15,
    meetingPollMinutes: 5,
    prepAgentId: null,
  },
  transcriptRetention: { maxAgeDays: 30, maxTotalMB: 500 },
  lastAgentId: null,
  allowDemo: true,
  updates: { automatic: true, channel: 'stable' },
  companion: { enabled: true, crmDomains: { 'crm.example.com': 'salesforce' } },
  autoPrep: { mode: 'deal-meetings', leadMinutes: 60, reservePercent: 10, noticeSeen: false },
};

const managed: ManagedSettings = {
  locked: ['notifications.morningTime'],
  recommended: ['updates.channel'],
  problems: [
    {
      policy: 'ServiceBaseUrl',
      source: 'file',
      level: 'mandatory',
      reason: 'Enter an https:// address.',
    },
  ],
};

const session = {
  signedIn: true,
  expired: false,
  storage: 'memory-only' as const,
  storageReason: 'no keyring',
  canSignInWithWindow: false,
};

const deal = {
  id: dealId,
  title: 'Contoso – research agents',
  subtitle: 'Contoso',
  account: 'Contoso',
  stage: 'Proposal',
  data: { id: dealId, name: 'Contoso – research agents', amount: { value: 1, currency: 'USD' } },
};
const record = {
  id: 'brf_1',
  title: 'Good morning',
  data: { sections: [{ title: 'x' }], n: null },
};
const summary = {
  runId: 'run_1',
  agentId: 'sales.deal_coach',
  dealId,
  status: 'running',
  stream: 'open' as const,
  done: false,
  startedAt: at,
  seq: 3,
};
const transcript = {
  runId: 'run_1',
  agentId: 'sales.deal_coach',
  message: 'hello',
  text: 'Hi',
  events: [{ type: 'status' as const, status: 'running' }],
  startedAt: at,
};
export const metadata = {
  service: 'assistant',
  version: 'v1',
  environment: 'demo',
  org: { id: 'org_1', name: 'Northwind' },
  principal: { type: 'user', authMode: 'session', userId: 'usr_1', scopes: ['runs:read'] },
  capabilities: {
    streaming: true,
    runs: true,
    briefings: true,
    deals: true,
    tokens: false,
    usage: true,
  },
};

const autoPreps = {
  meetings: [
    {
      meetingKey: 'meeting-briefing:id:m-1',
      startsAt: '2026-11-22T10:00:00.000Z',
      title: 'Globex call',
      dealId,
      prep: {
        status: 'ready' as const,
        runId: 'run-1',
        finishedAt: '2026-11-22T09:01:30.000Z',
        firstLines: 'Globex wants the pilot extended.',
        read: false,
      },
    },
    {
      meetingKey: 'meeting-briefing:id:m-2',
      startsAt: '2026-11-22T14:00:00.000Z',
      prep: { status: 'scheduled' as const, at: '2026-11-22T13:00:00.000Z' },
    },
    {
      meetingKey: 'meeting-briefing:id:m-3',
      startsAt: '2026-11-22T15:00:00.000Z',
      prep: { status: 'skipped' as const, reason: 'quota' as const },
    },
  ],
};

const inbox = {
  entries: [
    {
      id: 'quota:runs:2026-11-01T00:00:00.000Z:80',
      kind: 'quota',
      title: '80% of runs quota used',
      body: '80 of 100 runs used in this billing period.',
      navigate: { screen: 'usage' as const },
      at,
      read: false,
    },
  ],
  unread: 1,
};

const companionOrigin = 'chrome-extension://onobfabojmcojifpgelmncjhfafaoboe/';
const companionState: CompanionState = {
  status: 'on',
  browsers: [
    {
      origin: companionOrigin,
      decision: 'allowed',
      browser: 'chrome',
      extension: 'development',
      decidedAt: at,
      lastUsedAt: at,
      connected: true,
    },
  ],
};

export const requestSamples: {
  [N in RequestName]: { input: RequestInput<N>; output: RequestOutput<N> };
} = {
  'app.info': {
    input: {},
    output: {
      name: 'Assistant Desktop',
      appVersion: '0.1.0',
      host: 'browser',
      platform: 'linux',
      versions: { node: '20.20.0' },
      service: {
        baseUrl: 'http://127.0.0.1:1/api/v1/assistant',
        demo: true,
        pinned: false,
        missing: false,
      },
      notices: [{ id: 'n1', level: 'warning', message: 'Settings were reset.', at }],
      systemLanguages: ['en-US'],
      desktopCapabilities: {
        tray: { available: false, reason: 'Browser mode has no tray icon.' },
        globalShortcut: { available: true, reason: 'Press Ctrl+Shift+A anywhere.' },
        notifications: { available: true },
        launchAtLogin: { available: false, reason: 'Only the desktop app can start at login.' },
        osFocusMode: { available: false, reason: 'The app cannot read it.' },
        updates: { available: false, reason: 'Updates come from your package manager on Linux.' },
      },
    },
  },
  'app.dismissNotice': { input: { id: 'n1' }, output: { notices: [] } },
  'app.setFocus': { input: { focused: false }, output: { windowFocused: false } },
  'connectivity.status': { input: {}, output: { state: 'online', since: at } },
  'service.metadata': {
    input: { refresh: true },
    output: { value: metadata, fetchedAt: at, stale: false },
  },
  'agents.list': {
    input: {},
    output: {
      value: [{ id: 'sales.deal_coach', title: 'Deal coach', data: { id: 'sales.deal_coach' } }],
      fetchedAt: at,
      stale: true,
      error: { code: 'network_error', message: 'offline', retryable: true, kind: 'network' },
    },
  },
  'deals.list': {
    input: { search: 'contoso' },
    output: { value: [deal], fetchedAt: at, stale: false },
  },
  'deals.get': { input: { dealId }, output: { value: deal, fetchedAt: at, stale: false } },
  'deals.findByCrmRecord': {
    input: { crm: 'salesforce', recordId: '0065g00000XyZabAAB', host: 'acme.lightning.force.com' },
    output: { deal, matchedBy: 'record-id', host: 'agrees' },
  },
  'briefings.morning': { input: {}, output: { value: record, fetchedAt: at, stale: false } },
  'briefings.meeting': { input: {}, output: { value: record, fetchedAt: at, stale: false } },
  'usage.summary': {
    input: {},
    output: {
      billingPeriod: { start: at, end: at },
      requests: { count: 1, limit: null },
      runs: { count: 2, limit: 500 },
      tokens: { input: 3, output: 4, limit: 2_000_000 },
    },
  },
  'runs.start': {
    input: { agentId: 'sales.deal_coach', message: 'What next?', dealId },
    output: summary,
  },
  'runs.cancel': {
    input: { runId: 'run_1' },
    output: { ...summary, status: 'cancelled', done: true },
  },
  'runs.retry': { input: { runId: 'run_1' }, output: { ...summary, runId: 'run_2' } },
  'runs.live': {
    input: {},
    output: {
      runs: [{ ...summary, message: 'What next?', text: 'Hel' }],
    },
  },
  'runs.find': {
    input: { dealId: 'd-1', query: 'pricing', limit: 20 },
    output: {
      items: [
        { id: 'run_1', runId: 'run_1', title: 'sales.deal_coach', status: 'succeeded', data: {} },
      ],
      scanned: 140,
      complete: true,
    },
  },
  'runs.list': {
    input: { limit: 20, offset: 0, status: 'failed' },
    output: {
      items: [
        { id: 'run_1', runId: 'run_1', title: 'sales.deal_coach', status: 'failed', data: {} },
      ],
      limit: 20,
      offset: 0,
      total: 1,
      hasMore: false,
    },
  },
  'runs.get': {
    input: { runId: 'run_1' },
    output: {
      record: null,
      transcript,
      recordError: { code: 'network_error', message: 'offline', retryable: true },
    },
  },
  'runs.transcript': { input: { runId: 'run_1' }, output: null },
  'runs.events': {
    input: { runId: 'run_1', offset: 200, limit: 200 },
    output: {
      recorded: true,
      total: 203,
      offset: 200,
      events: [
        { type: 'output', text: 'Hel', name: 'delta', eventId: '201' },
        {
          type: 'other',
          name: 'unreadable_line',
          data: 'Stored event 202 could not be read (not valid JSON): {"pos":"2',
        },
        { type: 'final', status: 'succeeded', name: 'done', eventId: '203' },
      ],
    },
  },
  'session.status': { input: {}, output: session },
  'session.signIn': { input: {}, output: session },
  'session.setToken': { input: { token: 'abc.DEF-123_xyz' }, output: session },
  'session.signOut': { input: {}, output: { ...session, signedIn: false } },
  'settings.get': { input: {}, output: settings },
  'settings.managed': { input: {}, output: managed },
  'settings.update': {
    input: { theme: 'dark', notifications: { enabled: { quota: false }, morningTime: '07:30' } },
    output: settings,
  },
  'diagnostics.copy': { input: {}, output: { text: 'Assistant Desktop 0.1.0' } },
  'links.openExternal': { input: { url: 'https://example.com/a?b=c' }, output: { opened: false } },
  'app.show': { input: { screen: 'deal', id: dealId }, output: { shown: 'page' } },
  'inbox.list': { input: {}, output: inbox },
  'inbox.markRead': { input: { ids: ['quota:runs:2026-11-01T00:00:00.000Z:80'] }, output: inbox },
  'inbox.markAllRead': { input: {}, output: { ...inbox, unread: 0 } },
  'autoPrep.list': { input: {}, output: autoPreps },
  'autoPrep.markRead': { input: { meetingKey: 'meeting-briefing:id:m-1' }, output: autoPreps },
  'autoPrep.prepare': {
    input: { meetingKey: 'meeting-briefing:id:m-1', dealId },
    output: {
      started: false,
      meeting: {
        meetingKey: 'meeting-briefing:id:m-1',
        startsAt: '2026-11-22T10:00:00.000Z',
        dealId,
        prep: { status: 'running' as const, runId: 'run-1', startedAt: '2026-11-22T09:00:00.000Z' },
      },
    },
  },
  'inbox.catchUp': {
    input: {},
    output: {
      entries: inbox.entries,
      notification: {
        id: 'quota:runs:2026-11-01T00:00:00.000Z:80',
        kind: 'quota',
        title: '80% of runs quota used',
        body: '80 of 100 runs used in this billing period.',
        navigate: { screen: 'usage' },
        at,
      },
    },
  },
  'companion.browsers': { input: {}, output: companionState },
  'companion.decide': { input: { origin: companionOrigin, allow: true }, output: companionState },
  'companion.revoke': { input: { origin: companionOrigin }, output: { status: 'off' } },
};

export const eventSamples: { [E in EventName]: EventPayload<E> } = {
  'run.update': {
    updates: [
      {
        runId: 'run_1',
        seq: 4,
        textAppended: 'lo',
        statuses: ['running'],
        events: [
          { type: 'output', text: 'lo', eventId: '7' },
          { type: 'other', name: 'heartbeat', data: '{}' },
        ],
        stream: 'open',
        done: false,
      },
      { runId: 'run_2', seq: 1, textAppended: 'Hi', statuses: [], events: [], done: false },
    ],
  },
  'runs.changed': { runs: [summary] },
  'session.changed': session,
  'connectivity.changed': {
    state: 'service-unreachable',
    since: at,
    error: { code: 'network_error', message: 'The service cannot be reached.', retryable: true },
  },
  'data.refreshed': { key: 'deal', id: dealId, fetchedAt: at },
  'settings.changed': settings,
  'settings.managedChanged': managed,
  'service.changed': {
    baseUrl: 'https://assistant.example.com/api/v1/assistant',
    demo: false,
    pinned: false,
    missing: false,
  },
  notice: { id: 'n1', level: 'info', message: 'hello', at },
  notification: {
    id: 'meeting-briefing:id:m1',
    kind: 'meeting-briefing',
    title: 'Pipeline review',
    body: 'Starts at 10:30 (in 15 min)',
    navigate: { screen: 'today', id: 'meeting' },
    actions: [
      {
        id: 'prepare',
        label: 'Prepare',
        run: { agentId: 'sales.deal_coach', message: 'Prepare me', dealId },
      },
    ],
    at,
  },
  navigate: { screen: 'deals', focus: 'search' },
  'inbox.changed': inbox,
  'autoPrep.changed': autoPreps,
  'companion.changed': {
    change: 'decided',
    origin: companionOrigin,
    state: { ...companionState, registration: 'failed' },
  },
};

/** Inputs each request must refuse, with the field the error should name. */
export const badInputs: Partial<Record<RequestName, { input: unknown; field?: string }[]>> = {
  'runs.start': [
    { input: { agentId: 'nodots', message: 'x', dealId }, field: 'agentId' },
    { input: { agentId: 'a.b', message: '   ', dealId }, field: 'message' },
    { input: { agentId: 'a.b', message: 'x', dealId: 'not-a-uuid' }, field: 'dealId' },
  ],
  'runs.find': [
    { input: { limit: 0 }, field: 'limit' },
    { input: { limit: 10, query: '   ' }, field: 'query' },
  ],
  'runs.list': [
    { input: { limit: 0, offset: 0 }, field: 'limit' },
    { input: { limit: 10, offset: -1 }, field: 'offset' },
    { input: { limit: 1.5, offset: 0 }, field: 'limit' },
  ],
  'runs.events': [
    { input: { runId: 'run_1', offset: 0, limit: 501 }, field: 'limit' },
    { input: { runId: 'run_1', offset: 0, limit: 0 }, field: 'limit' },
    { input: { runId: 'run_1', offset: -1, limit: 10 }, field: 'offset' },
    { input: { runId: '', offset: 0, limit: 10 }, field: 'runId' },
  ],
  'app.show': [
    // Ids that could leave the route in the address browser mode opens.
    { input: { screen: 'deal', id: '../settings' }, field: 'id' },
    { input: { screen: 'run', id: 'run_1#token=x' }, field: 'id' },
    { input: { screen: 'settings', id: 'x' }, field: 'screen' },
    { input: { screen: 'run', id: 'run_1', url: 'https://example.com' } },
  ],
  'links.openExternal': [
    { input: { url: 'file:///etc/passwd' }, field: 'url' },
    { input: { url: 'javascript:alert(1)' }, field: 'url' },
  ],
  'session.setToken': [
    { input: { token: '' }, field: 'token' },
    { input: { token: 'has space' }, field: 'token' },
    { input: { token: 'a;b' }, field: 'token' },
  ],
  'app.setFocus': [{ input: { focused: 'yes' }, field: 'focused' }, { input: {} }],
  'settings.update': [
    { input: { theme: 'purple' }, field: 'theme' },
    { input: { globalShortcut: 'Shift+A' }, field: 'globalShortcut' },
    { input: { globalShortcut: 'Ctrl+Shift+Nope' }, field: 'globalShortcut' },
    { input: { serviceBaseUrl: 'ftp://x' }, field: 'serviceBaseUrl' },
    { input: { notifications: { morningTime: '25:00' } }, field: 'notifications.morningTime' },
    { input: { unknownSetting: true } },
  ],
  'deals.get': [{ input: { dealId: '' }, field: 'dealId' }],
};
