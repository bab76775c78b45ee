// The cold-start baseline: the least a React page served by the same browser-mode host can do to
// show the morning briefing: open the host's socket with the page's secret, ask for
// `briefings.morning` once, and render its fields with React. No router, store or styles. Like
// the app, it takes the secret from the fragment of the address the host printed.
import { createRoot } from 'react-dom/client';

const secret = /^#token=([0-9a-f]+)/.exec(location.hash)?.[1] ?? '';
const socket = new WebSocket(`ws://${location.host}/ipc`, ['assistant.v1', `secret.${secret}`]);
const root = createRoot(document.getElementById('root'));

function Briefing({ value }) {
  return (
    <div className="briefing">
      <h1>{value.title}</h1>
      {Object.entries(value.data).map(([key, field]) => (
        <section key={key}>
          <h3>{key}</h3>
          <pre>{typeof field === 'string' ? field : JSON.stringify(field, null, 2)}</pre>
        </section>
      ))}
    </div>
  );
}

socket.onopen = () =>
  socket.send(JSON.stringify({ type: 'invoke', id: 1, name: 'briefings.morning', input: {} }));
socket.onmessage = (message) => {
  const frame = JSON.parse(message.data);
  if (frame.type === 'result' && frame.id === 1 && frame.result.ok) {
    root.render(<Briefing value={frame.result.data.value} />);
  }
};
