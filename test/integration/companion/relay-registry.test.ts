// The app's registry access through the built relay's `--registry` (relay-registry.ts), as a
// process: the relay accepts exactly the four keys registration uses and refuses any other before
// it touches the registry, and its answers reach the app as values or as a RegistryError saying
// why. Writing and reading the registry itself runs on Windows (registration.test.ts's last block,
// under Wine in `npm run test:windows`); elsewhere the relay answers that there is no registry.
import { describe, expect, it } from 'vitest';
import { registryPlaces } from '../../../electron/companion/registration/manifests';
import {
  RegistryError,
  relayRegistry,
} from '../../../electron/companion/registration/relay-registry';
import { relayBinary } from '../../support/relay-binary';

describe('the registry through the relay', () => {
  it('refuses a key registration does not use, on every OS', async () => {
    const registry = relayRegistry(relayBinary());
    for (const key of [
      'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      'HKLM\\Software\\Google\\Chrome\\NativeMessagingHosts\\com.assistant.desktop.companion',
      `${registryPlaces()[0]?.key ?? ''}\\below`,
    ]) {
      await expect(registry.write(key, 'C:\\x.json')).rejects.toMatchObject({
        name: 'RegistryError',
        reason: 'refused',
      });
      await expect(registry.remove(key)).rejects.toBeInstanceOf(RegistryError);
    }
  });

  // A key the relay would refuse answers `refused` everywhere; these pass its check and reach
  // the registry, which only Windows has.
  it.skipIf(process.platform === 'win32')(
    'accepts each browser’s key, and says elsewhere that only Windows has a registry',
    async () => {
      const registry = relayRegistry(relayBinary());
      for (const { key } of registryPlaces()) {
        await expect(registry.read(key)).rejects.toMatchObject({ reason: 'unsupported' });
      }
    },
  );

  it('tells an answer the relay never gives from a refusal', async () => {
    const strange = relayRegistry('unused', () => Promise.resolve('{"ok":true,"value":7}\n'));
    await expect(strange.read(registryPlaces()[0]?.key ?? '')).rejects.toMatchObject({
      reason: 'no-answer',
    });
    const garbled = relayRegistry('unused', () => Promise.resolve('Zugriff verweigert\r\n'));
    await expect(garbled.remove(registryPlaces()[0]?.key ?? '')).rejects.toMatchObject({
      reason: 'no-answer',
    });
  });

  it('fails when the relay cannot be run at all', async () => {
    const missing = relayRegistry(`${relayBinary()}-missing`);
    await expect(missing.read(registryPlaces()[0]?.key ?? '')).rejects.toThrow();
  });
});
