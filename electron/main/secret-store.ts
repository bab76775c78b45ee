// The session token at rest (core's SecretStore, Electron side): encrypted with the OS keychain
// through safeStorage, in <dataDir>/session.json, written atomically. Where the OS offers no real
// encryption (no keyring on Linux, where Chromium would fall back to a hard-coded key) the token
// is kept in memory only and the user is told why. A file that no longer decrypts (keychain
// reset, profile copied to another machine) makes load() throw: core's session service then
// clears it and asks the user to sign in again; nothing crashes.

import { safeStorage } from 'electron';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../core/logs/logger';
import type { Translator } from '../domain/i18n/translator';
import { createMemorySecretStore, type SecretStore } from '../core/session/secret-store';
import { readJsonFile, writeJsonFileAtomic } from '../core/storage/json-file';

export const SESSION_FILE = 'session.json';

const SessionFile = z.object({
  version: z.literal(1),
  /** The token encrypted by safeStorage, base64. */
  encrypted: z.string().min(1),
});

// Told before the settings are read: in the system's language.
async function memoryOnlyReason(
  platform: NodeJS.Platform,
  t: Translator['t'],
): Promise<string | undefined> {
  let available: boolean;
  try {
    available = await safeStorage.isAsyncEncryptionAvailable();
  } catch {
    available = false;
  }
  if (!available) return t('desktop.session.memoryOnly');
  if (platform === 'linux') {
    // basic_text is obfuscation with a key compiled into Chromium, not encryption.
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') return t('desktop.session.noKeyring');
  }
  return undefined;
}

/** Call after `app` is ready (safeStorage needs it). */
export async function createSafeStorageSecretStore(options: {
  dataDir: string;
  platform: NodeJS.Platform;
  log: Logger;
  /** The language the user is told in, should the session be kept in memory only. */
  t: Translator['t'];
}): Promise<SecretStore> {
  const path = join(options.dataDir, SESSION_FILE);
  const reason = await memoryOnlyReason(options.platform, options.t);

  if (reason !== undefined) {
    options.log.warn('Session storage is memory-only', { reason });
    const memory = createMemorySecretStore(reason);
    return {
      ...memory,
      async clear() {
        await memory.clear();
        // A file from a time the keyring was there would come back later: sign-out forgets it too.
        await rm(path, { force: true });
      },
    };
  }

  const store: SecretStore = {
    kind: 'encrypted',
    async load() {
      const file = await readJsonFile(path, SessionFile);
      if (file.status === 'missing') return undefined;
      if (file.status === 'corrupt') {
        // The set-aside copy holds only ciphertext, but a session nobody can use is not kept.
        await rm(file.setAsidePath, { force: true });
        throw new Error(`The stored session file is damaged (${file.reason}).`);
      }
      let decrypted: { result: string; shouldReEncrypt: boolean };
      try {
        decrypted = await safeStorage.decryptStringAsync(
          Buffer.from(file.value.encrypted, 'base64'),
        );
      } catch {
        throw new Error('The stored session can no longer be decrypted on this computer.');
      }
      if (decrypted.result === '') return undefined;
      if (decrypted.shouldReEncrypt) await store.save(decrypted.result);
      return decrypted.result;
    },
    async save(token) {
      const encrypted = await safeStorage.encryptStringAsync(token);
      await writeJsonFileAtomic(path, { version: 1, encrypted: encrypted.toString('base64') });
    },
    async clear() {
      await rm(path, { force: true });
    },
  };
  return store;
}
