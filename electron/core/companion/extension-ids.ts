// Which extensions the relay's host manifest lets in (`allowed_origins`). A Chromium extension's
// id is derived from its public key: the first 128 bits of the key's SHA-256, written with the
// letters a–p. The development build carries this fixed key in its manifest (`key`), so an
// unpacked copy has the same id on every computer; the stores' ids are added once published
// (Chrome Web Store and Edge Add-ons give different ids to the same extension).
import { createHash } from 'node:crypto';

/** The public half of the development key (DER SubjectPublicKeyInfo, base64); no secret. */
export const DEVELOPMENT_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA2odmduTJt5DRDbMRELaL+ctSnLtVEzAgGvuZCFULH+EC9oEesvPSUcgsBp3iTjgTvYBnmCoP99DxbOBBL+tDs74u6drk2Dkdrkna3etcv+r5Ow+S088RuiPC0BUb2F/uw0hYXdDNfJxscmU8awNAElidtwZazLADU5AsvUgMh8rvw4xT4IDvjT+iPoPbfxcTSs+kz9DJr7na9ULSfafanH9dA7HYJRbVypwNIgfH8rW1xA0nFaS/XbFcIncbV6lA+7UuHX0SfLI2JBqdwa2yIUiRRYjpDzRavpNNjWAAuWUyBb0HIEe+FZ37v3YsRGUwlIenKCEPm2haMLUd/YEi6wIDAQAB';

/** `extensionIdOf(DEVELOPMENT_EXTENSION_KEY)`, kept as text so readers can search for it. */
export const DEVELOPMENT_EXTENSION_ID = 'onobfabojmcojifpgelmncjhfafaoboe';

/** The published ids (none yet): one per store. */
export const PUBLISHED_EXTENSION_IDS: readonly string[] = [];

export const EXTENSION_ID = /^[a-p]{32}$/;

/** The id Chromium gives an extension whose manifest carries `key`. */
export function extensionIdOf(key: string): string {
  const digest = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex');
  return [...digest.slice(0, 32)]
    .map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16)))
    .join('');
}

export function extensionOrigin(id: string): string {
  return `chrome-extension://${id}/`;
}

/** Every origin the host manifest allows: the stores' ids and the development id. */
export function allowedOrigins(): string[] {
  return [...PUBLISHED_EXTENSION_IDS, DEVELOPMENT_EXTENSION_ID].map(extensionOrigin);
}
