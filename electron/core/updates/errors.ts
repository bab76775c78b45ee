// electron-updater reports every failure as an `error` event carrying an Error with an optional
// code. The user needs to know what happened in a sentence; the log keeps the detail. A damaged or
// unsigned download is called out as such: electron-updater has already discarded it.
import type { MessageId } from '../../domain/i18n/messages';
import { coreWords } from '../i18n/words';

export type UpdateErrorKind = 'network' | 'integrity' | 'signature' | 'feed' | 'other';

export interface UpdateFailure {
  kind: UpdateErrorKind;
  /** One sentence for the user; never contains URLs or raw error text. */
  message: string;
  /** The original error text, shortened, for the log. */
  detail: string;
  code?: string;
}

const userMessages = {
  network: 'errors.update.network',
  integrity: 'errors.update.integrity',
  signature: 'errors.update.signature',
  feed: 'errors.update.feed',
  other: 'errors.update.other',
} as const satisfies Record<UpdateErrorKind, MessageId>;

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
]);
const FEED_CODES = new Set([
  'ERR_UPDATER_INVALID_PROVIDER_CONFIGURATION',
  'ERR_UPDATER_UNSUPPORTED_PROVIDER',
  'ERR_UPDATER_INVALID_VERSION',
  'ERR_UPDATER_INVALID_CHANNEL',
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
]);

function readField(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null ? Reflect.get(error, field) : undefined;
}

export function classifyUpdateError(error: unknown): UpdateFailure {
  const text = error instanceof Error ? error.message : String(error);
  const rawCode = readField(error, 'code');
  const code = typeof rawCode === 'string' ? rawCode : undefined;
  const rawStatus = readField(error, 'statusCode');
  const status = typeof rawStatus === 'number' ? rawStatus : undefined;

  const kind = ((): UpdateErrorKind => {
    if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(text)) return 'integrity';
    if (
      code === 'ERR_UPDATER_INVALID_SIGNATURE' ||
      /not signed by the application owner|code ?signature|did not pass validation/i.test(text)
    ) {
      return 'signature';
    }
    if (code !== undefined && FEED_CODES.has(code)) return 'feed';
    if (code !== undefined && NETWORK_CODES.has(code)) return 'network';
    if (/net::ERR_|socket hang up|getaddrinfo/i.test(text)) return 'network';
    if (status !== undefined) return status >= 500 || status === 429 ? 'network' : 'feed';
    return 'other';
  })();

  const failure: UpdateFailure = {
    kind,
    message: coreWords().t(userMessages[kind]),
    detail: text.slice(0, 500),
  };
  if (code !== undefined) failure.code = code;
  return failure;
}
