// Every request core makes to the service, JSON calls and run streams alike, carries the
// Accept-Language of the language in use, and a change of language applies to the next request.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';
import { createCoreLanguage } from '../../../../electron/core/i18n/language';
import { setCoreWords } from '../../../../electron/core/i18n/words';
import { openRunStream } from '../../../../electron/core/stream/connection';
import { englishWords } from '../../../../electron/domain/i18n/node-translator';
import { envelope, sendJson, startTestServer, type TestServer } from '../../../support/test-server';
import { metadata } from '../../../unit/contract/samples';

const TOKEN = 'tok_live_0123456789abcdef';
const BASE_PATH = '/api/v1/assistant';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  setCoreWords(englishWords());
});

describe('Accept-Language', () => {
  it('follows the language in use on REST calls and run streams', async () => {
    server = await startTestServer((req, res) => {
      if (req.url?.endsWith('/stream')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(': ok\n\n');
        return;
      }
      sendJson(res, 200, envelope(metadata));
    });
    const language = createCoreLanguage({ choice: 'system', systemLanguages: ['de-DE'] });
    const api = createApiClient({
      baseUrl: `${server.origin}${BASE_PATH}`,
      session: sessionFor(server.origin, TOKEN),
      acceptLanguage: language.acceptLanguage,
      timeoutMs: 2000,
    });

    await api.getMetadata();
    const opened = await openRunStream(api.config, 'run_1', undefined, AbortSignal.timeout(2000));
    await opened.response.body.cancel();
    language.choose('pt-BR');
    await api.getMetadata();

    expect(server.requests.map((request) => request.headers['accept-language'])).toEqual([
      'de, en;q=0.8',
      'de, en;q=0.8',
      'pt-BR, pt;q=0.9, en;q=0.8',
    ]);
  });
});
