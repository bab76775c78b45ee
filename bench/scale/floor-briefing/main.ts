// The cold-start floor: the minimal page (../minimal-briefing) plus only what the project's rules
// make the app do before it may show a briefing. The answer is checked with the contract's
// schemas, as the bridge checks every answer, and every text in it is lexed as markdown with the
// app's own lexer. It is built by the same bundler as the app and loaded by the minimal page's
// own index.html, and it still renders the fields as plain JSON: no store, router, shell, styles
// or formatted fields. It stands for the least the app must do; the bench prints both against
// the minimal page.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import {
  HostFrame,
  WIRE_PATH,
  pageProtocols,
  readHostSecretFragment,
  requests,
  resultSchema,
} from '../../../electron/contract';
import type { Briefing } from '../../../electron/contract';
import { splitBlocks } from '../../../src/lib/markdown/blocks';

const secret = readHostSecretFragment(location.hash)?.secret ?? '';
const socket = new WebSocket(`ws://${location.host}${WIRE_PATH}`, pageProtocols(secret));
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root.');
const root = createRoot(rootElement);
const morning = resultSchema(requests['briefings.morning'].output);

function lexTexts(value: unknown): void {
  if (typeof value === 'string') splitBlocks(value);
  else if (Array.isArray(value)) value.forEach(lexTexts);
  else if (value !== null && typeof value === 'object') Object.values(value).forEach(lexTexts);
}

function briefingView(value: Briefing) {
  return h(
    'div',
    { className: 'briefing' },
    h('h1', null, value.title),
    Object.entries(value.data).map(([key, field]) =>
      h(
        'section',
        { key },
        h('h3', null, key),
        h('pre', null, typeof field === 'string' ? field : JSON.stringify(field, null, 2)),
      ),
    ),
  );
}

socket.onopen = () =>
  socket.send(JSON.stringify({ type: 'invoke', id: 1, name: 'briefings.morning', input: {} }));
socket.onmessage = (message: MessageEvent<string>) => {
  const frame = HostFrame.safeParse(JSON.parse(message.data));
  if (!frame.success || frame.data.type !== 'result' || frame.data.id !== 1) return;
  const result = morning.safeParse(frame.data.result);
  if (!result.success || !result.data.ok) return;
  lexTexts(result.data.data.value.data);
  root.render(briefingView(result.data.data.value));
};
