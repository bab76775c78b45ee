// Browser mode as the scale benchmarks start it: the real core and web host, against an
// in-process demo service, without the notification scheduler.
import type { DemoService } from '../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../electron/web/browser-mode';

export function startBenchHost(
  demo: DemoService,
  rendererDir: string,
  dataDir: string,
): Promise<BrowserMode> {
  return startBrowserMode({
    port: 0,
    dataDir,
    rendererDir,
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: false,
  });
}
