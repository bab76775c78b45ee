// What a run registers: the installed app always (unless the companion is off), a development run
// only when asked; the relay beside app.asar or cargo's output; the launch command per kind of run.
import { describe, expect, it } from 'vitest';
import {
  registrationTarget,
  relayPathOf,
  type AppRun,
} from '../../../../electron/companion/registration/registration-target';
import { DEVELOPMENT_EXTENSION_ID } from '../../../../electron/companion/registration/extension-ids';

const installed: AppRun = {
  platform: 'linux',
  env: {},
  execPath: '/opt/Assistant Desktop/assistant-desktop',
  install: { packaged: true, resourcesPath: '/opt/Assistant Desktop/resources' },
};
/** The stores' ids a release build carries. */
const STORES = ['aaaabbbbccccddddeeeeffffgggghhhh', 'hhhhggggffffeeeeddddccccbbbbaaaa'];
const origin = (id: string) => `chrome-extension://${id}/`;

const development: AppRun = {
  platform: 'linux',
  env: {},
  execPath: '/src/app/node_modules/electron/dist/electron',
  install: { packaged: false, appPath: '/src/app' },
};

describe('what a run registers', () => {
  it('the installed app: its executable started in the background, its own relay, the stores’ extensions', () => {
    expect(registrationTarget(installed, STORES)).toEqual({
      register: true,
      launchCommand: ['/opt/Assistant Desktop/assistant-desktop', '--background'],
      relayPath: '/opt/Assistant Desktop/resources/relay/assistant-relay',
      copyRelay: false,
      allowedOrigins: STORES.map(origin),
    });
  });

  it('a development run: nothing, unless ASSISTANT_COMPANION_REGISTER=1', () => {
    expect(registrationTarget(development)).toEqual({
      register: false,
      why: 'a development run (ASSISTANT_COMPANION_REGISTER=1 registers it)',
    });
    expect(
      registrationTarget({ ...development, env: { ASSISTANT_COMPANION_REGISTER: '1' } }, STORES),
    ).toEqual({
      register: true,
      // Electron needs the app's folder before the flag.
      launchCommand: ['/src/app/node_modules/electron/dist/electron', '/src/app', '--background'],
      relayPath: '/src/app/relay/target/release/assistant-relay',
      copyRelay: false,
      // Only the unpacked development copy, even in a build that carries the stores' ids.
      allowedOrigins: [origin(DEVELOPMENT_EXTENSION_ID)],
    });
  });

  it('a macOS app in Applications: its executable and its relay inside the bundle', () => {
    const app = '/Applications/Assistant Desktop.app/Contents';
    expect(
      registrationTarget(
        {
          platform: 'darwin',
          env: {},
          execPath: `${app}/MacOS/Assistant Desktop`,
          install: { packaged: true, resourcesPath: `${app}/Resources` },
        },
        STORES,
      ),
    ).toEqual({
      register: true,
      launchCommand: [`${app}/MacOS/Assistant Desktop`, '--background'],
      relayPath: `${app}/Resources/relay/assistant-relay`,
      copyRelay: false,
      allowedOrigins: STORES.map(origin),
    });
  });

  it('nothing from a macOS disk image or a translocated copy, saying which for Settings', () => {
    const run = (app: string): AppRun => ({
      platform: 'darwin',
      env: {},
      execPath: `${app}/Contents/MacOS/Assistant Desktop`,
      install: { packaged: true, resourcesPath: `${app}/Contents/Resources` },
    });
    expect(registrationTarget(run('/Volumes/Assistant Desktop/Assistant Desktop.app'))).toEqual({
      register: false,
      why: expect.stringMatching(/move it to Applications/) as string,
      problem: 'disk-image',
    });
    expect(
      registrationTarget(
        run('/private/var/folders/ab/cd/T/AppTranslocation/0A1B/d/Assistant Desktop.app'),
      ),
    ).toMatchObject({ register: false, problem: 'translocated' });
    // A development run from such a place is the developer's business: asked, it registers.
    expect(
      registrationTarget({
        ...development,
        platform: 'darwin',
        execPath:
          '/Volumes/Work/app/node_modules/electron/dist/Electron.app/Contents/MacOS/Electron',
        env: { ASSISTANT_COMPANION_REGISTER: '1' },
      }),
    ).toMatchObject({ register: true });
  });

  it('nothing at all with ASSISTANT_COMPANION=off, installed or asked', () => {
    for (const run of [installed, development]) {
      expect(
        registrationTarget({
          ...run,
          env: { ASSISTANT_COMPANION: 'off', ASSISTANT_COMPANION_REGISTER: '1' },
        }),
      ).toEqual({ register: false, why: 'ASSISTANT_COMPANION=off' });
    }
  });

  it('an AppImage: the AppImage file is started, and the relay is copied out of its mount', () => {
    const mounted: AppRun = {
      ...installed,
      env: { APPIMAGE: '/home/mia/Apps/assistant-desktop.AppImage' },
      execPath: '/tmp/.mount_assistXyZ/assistant-desktop',
      install: { packaged: true, resourcesPath: '/tmp/.mount_assistXyZ/resources' },
    };
    expect(registrationTarget(mounted, STORES)).toEqual({
      register: true,
      launchCommand: ['/home/mia/Apps/assistant-desktop.AppImage', '--background'],
      relayPath: '/tmp/.mount_assistXyZ/resources/relay/assistant-relay',
      copyRelay: true,
      allowedOrigins: STORES.map(origin),
    });
    // APPIMAGE set in a development shell changes nothing there.
    const asked = { ASSISTANT_COMPANION_REGISTER: '1', APPIMAGE: '/x.AppImage' };
    expect(registrationTarget({ ...development, env: asked })).toMatchObject({ copyRelay: false });
  });

  it('Windows: the relay is an .exe beside app.asar', () => {
    expect(
      relayPathOf({
        platform: 'win32',
        env: {},
        execPath:
          'C:\\Users\\mia\\AppData\\Local\\Programs\\assistant-desktop\\Assistant Desktop.exe',
        install: {
          packaged: true,
          resourcesPath: 'C:\\Users\\mia\\AppData\\Local\\Programs\\assistant-desktop\\resources',
        },
      }),
    ).toBe(
      'C:\\Users\\mia\\AppData\\Local\\Programs\\assistant-desktop\\resources\\relay\\assistant-relay.exe',
    );
  });
});
