// What browser mode registers: unlike `npm run dev`, it is the app where Electron cannot run, so
// it registers by default; the launch file starts the same browser mode (node, the built entry,
// the same project, data folder, port and notifications) without a renderer build; the manifests
// name cargo's relay and let in the unpacked development copy, the only extension it serves.
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_EXTENSION_ID } from '../../../electron/companion/registration/extension-ids';
import {
  browserModeRegistrationTarget,
  type BrowserModeRun,
} from '../../../electron/web/companion-registration';

const linux: BrowserModeRun = {
  platform: 'linux',
  env: {},
  execPath: '/usr/bin/node',
  codeRoot: '/home/ana/assistant-desktop',
  projectDir: '/home/ana/assistant-desktop',
  dataDir: '/home/ana/.local/state/assistant-desktop/browser-mode',
  port: 5180,
  notifications: true,
};

describe('what browser mode registers', () => {
  it('by default: node with the built entry and the same options, cargo’s relay, the development copy', () => {
    expect(browserModeRegistrationTarget(linux)).toEqual({
      register: true,
      launchCommand: [
        '/usr/bin/node',
        '/home/ana/assistant-desktop/out/web/cli.js',
        '--project-dir',
        '/home/ana/assistant-desktop',
        '--data-dir',
        '/home/ana/.local/state/assistant-desktop/browser-mode',
        '--port',
        '5180',
        '--no-build',
      ],
      relayPath: '/home/ana/assistant-desktop/relay/target/release/assistant-relay',
      copyRelay: false,
      allowedOrigins: [`chrome-extension://${DEVELOPMENT_EXTENSION_ID}/`],
    });
  });

  it('keeps notifications off when this start had them off', () => {
    const target = browserModeRegistrationTarget({ ...linux, notifications: false, port: 0 });
    expect(target.register && target.launchCommand.slice(-4)).toEqual([
      '--port',
      '0',
      '--no-build',
      '--no-notifications',
    ]);
  });

  it('on Windows, by Windows rules: the .exe relay and backslashes', () => {
    const target = browserModeRegistrationTarget({
      ...linux,
      platform: 'win32',
      execPath: 'C:\\Program Files\\nodejs\\node.exe',
      codeRoot: 'C:\\Users\\ana\\assistant-desktop',
      projectDir: 'C:\\Users\\ana\\assistant-desktop',
      dataDir: 'C:\\Users\\ana\\AppData\\Local\\Assistant Desktop\\browser-mode',
    });
    expect(target).toMatchObject({
      register: true,
      relayPath: 'C:\\Users\\ana\\assistant-desktop\\relay\\target\\release\\assistant-relay.exe',
    });
    expect(target.register && target.launchCommand[1]).toBe(
      'C:\\Users\\ana\\assistant-desktop\\out\\web\\cli.js',
    );
  });

  it('nothing with the companion off, or registration alone turned off', () => {
    expect(
      browserModeRegistrationTarget({ ...linux, env: { ASSISTANT_COMPANION: 'off' } }),
    ).toEqual({ register: false, why: 'ASSISTANT_COMPANION=off' });
    expect(
      browserModeRegistrationTarget({ ...linux, env: { ASSISTANT_COMPANION_REGISTER: '0' } }),
    ).toEqual({ register: false, why: 'ASSISTANT_COMPANION_REGISTER=0' });
    // `1` is the Electron development run's opt-in; browser mode registers with or without it.
    expect(
      browserModeRegistrationTarget({ ...linux, env: { ASSISTANT_COMPANION_REGISTER: '1' } })
        .register,
    ).toBe(true);
  });
});
