// Which service core talks to: browser mode's ASSISTANT_BASE_URL wins over the settings, but not
// over a service IT locked; with no address and no demo allowed, no service at all, said so.
import { describe, expect, it } from 'vitest';
import { Settings } from '../../../../electron/contract';
import {
  createServiceTargets,
  NO_SERVICE_BASE_URL,
  serviceInfo,
} from '../../../../electron/core/service';

const company = 'https://assistant.example.com/api/v1/assistant';
const override = 'https://staging.example.com/api/v1/assistant';
const demoService = () => Promise.resolve({ baseUrl: 'http://127.0.0.1:9/api/v1/assistant' });

describe('service target', () => {
  it('takes the host override over the settings, and says it is pinned', async () => {
    const targets = await createServiceTargets(
      { baseUrlOverride: override, serviceLocked: () => false, demoService },
      Settings.parse({ serviceBaseUrl: company }),
    );
    expect(serviceInfo(targets.current())).toMatchObject({ baseUrl: override, pinned: true });
  });

  it("keeps to the service IT locked, whatever the host's override says", async () => {
    const targets = await createServiceTargets(
      { baseUrlOverride: override, serviceLocked: () => true, demoService },
      Settings.parse({ serviceBaseUrl: company }),
    );
    expect(serviceInfo(targets.current())).toMatchObject({ baseUrl: company, pinned: false });
  });

  it('has no service, and says so, where IT allows no demo and no address is set', async () => {
    const targets = await createServiceTargets(
      { demoService },
      Settings.parse({ allowDemo: false }),
    );
    expect(targets.current().baseUrl).toBe(NO_SERVICE_BASE_URL);
    expect(serviceInfo(targets.current())).toEqual({
      baseUrl: '',
      demo: false,
      missing: true,
      pinned: false,
    });
  });
});
