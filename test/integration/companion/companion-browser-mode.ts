// Browser mode as `npm run web` starts it with the companion on, for the companion's integration
// tests: its socket and folder inside the test's own folder, the relay told not to wait for an app
// to start, the tests' extension ids let in, and a page connected over its WebSocket.
import { join } from 'node:path';
import type { DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { testSocketPath } from '../../support/socket-path';
import { blankRendererDir, connectAsPage, type PageClient } from '../web/support';
import { TEST_IDS_ENV } from './extension-port';

export interface CompanionBrowserMode {
  mode: BrowserMode;
  page: PageClient;
  /** Where a relay finds this app (its socket and folder), for openExtensionPort. */
  env: Record<string, string>;
  /** The companion's socket (named pipe on Windows). */
  socketPath: string;
}

export async function startCompanionBrowserMode(
  work: string,
  demo: DemoService,
  options: { openPage?: (url: string) => Promise<void> } = {},
): Promise<CompanionBrowserMode> {
  const socketPath = testSocketPath(join(work, 'run'), 'companion');
  const env = {
    ASSISTANT_COMPANION_SOCKET: socketPath,
    ASSISTANT_COMPANION_DIR: join(work, 'companion'),
    ASSISTANT_RELAY_WAIT_MS: '0',
    ...TEST_IDS_ENV,
  };
  const mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: await blankRendererDir(work),
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: false,
    companion: { env },
    ...(options.openPage === undefined ? {} : { openPage: options.openPage }),
  });
  return { mode, page: await connectAsPage(mode.url), env, socketPath };
}
