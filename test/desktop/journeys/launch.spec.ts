// Launch on the demo service: the window opens on the app protocol, today's briefing is painted,
// and the page's only bridge is `window.assistant = { invoke, on }` with no Node in reach.
import { expect, test } from '../fixtures';
import { APP_URL } from '../driver/types';

test('launch on the demo service paints today’s briefing through the one bridge', async ({
  launchApp,
}) => {
  const app = await launchApp();
  const page = await app.appWindow();
  await expect(page).toHaveURL(APP_URL);
  await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Good morning/).first()).toBeVisible({ timeout: 30_000 });

  const bridge = await page.evaluate(() => {
    const assistant: unknown = Reflect.get(globalThis, 'assistant');
    return {
      keys:
        typeof assistant === 'object' && assistant !== null ? Object.keys(assistant).sort() : [],
      frozen: typeof assistant === 'object' && assistant !== null && Object.isFrozen(assistant),
      require: typeof Reflect.get(globalThis, 'require'),
      process: typeof Reflect.get(globalThis, 'process'),
      module: typeof Reflect.get(globalThis, 'module'),
    };
  });
  expect(bridge).toEqual({
    keys: ['invoke', 'on'],
    frozen: true,
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
  });
  expect(await app.appWindowVisible()).toBe(true);

  // The preload lets only the contract's names through: an unknown request is answered by the
  // preload itself with the contract's code, and an unknown event cannot be listened to.
  const refusals = await page.evaluate(async () => {
    const assistant = Reflect.get(globalThis, 'assistant') as {
      invoke(name: string, input: unknown): Promise<unknown>;
      on(name: string, listener: () => void): () => void;
    };
    let onError = '';
    try {
      assistant.on('no.such.event', () => {});
    } catch (error) {
      onError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    return {
      invoke: await assistant.invoke('no.such.request', {}),
      proto: await assistant.invoke('__proto__', {}),
      onError,
    };
  });
  expect(refusals.invoke).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
  expect(refusals.proto).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
  expect(refusals.onError).toMatch(/Unknown event: no\.such\.event/);
});
