// Deep links (`assistant://deal/<id>`, `assistant://run/<id>`) arrive from anywhere: a browser, an
// e-mail, another program. They are parsed against a strict grammar on the raw text, never through
// a URL parser first: a parser normalises (`..`, `%2F`, case, default ports) and the thing we
// validated would not be the thing we act on. Anything outside the grammar is refused with a reason.

import { z } from 'zod';

export const DEEP_LINK_SCHEME = 'assistant';

/** Longest link accepted: a run link with a 128-character id is 147 characters. */
export const MAX_DEEP_LINK_LENGTH = 256;

/** Deal ids are UUIDs (the API document: `dealId`, UUID format). */
const DEAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Run ids are not specified: a conservative charset that cannot form a path or a query. */
const RUN_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const DeepLinkSchema = z.discriminatedUnion('screen', [
  z.object({ screen: z.literal('deal'), id: z.string().regex(DEAL_ID) }),
  z.object({ screen: z.literal('run'), id: z.string().regex(RUN_ID) }),
]);
export type DeepLink = z.infer<typeof DeepLinkSchema>;

export type DeepLinkRefusal =
  | 'not_text'
  | 'too_long'
  | 'bad_characters'
  | 'wrong_scheme'
  | 'credentials'
  | 'query_or_fragment'
  | 'encoded_characters'
  | 'unknown_screen'
  | 'bad_path'
  | 'bad_id';

export type DeepLinkResult =
  { ok: true; link: DeepLink } | { ok: false; refusal: DeepLinkRefusal; message: string };

const refusalMessages: Record<DeepLinkRefusal, string> = {
  not_text: 'The link is not text.',
  too_long: `The link is longer than ${MAX_DEEP_LINK_LENGTH} characters.`,
  bad_characters: 'The link contains spaces, control or non-ASCII characters.',
  wrong_scheme: `Only ${DEEP_LINK_SCHEME}:// links are handled.`,
  credentials: 'The link carries a user name, password or port.',
  query_or_fragment: 'The link carries a query or a fragment.',
  encoded_characters: 'The link contains percent-encoded or escaped characters.',
  unknown_screen: 'The link does not name a deal or a run.',
  bad_path: 'The link must be exactly assistant://deal/<id> or assistant://run/<id>.',
  bad_id: 'The id in the link is not a valid deal or run id.',
};

function refuse(refusal: DeepLinkRefusal): DeepLinkResult {
  return { ok: false, refusal, message: refusalMessages[refusal] };
}

// Printable ASCII without space: everything else (controls, DEL, Unicode look-alikes, bidi
// overrides, NUL) is refused before any other check sees it.
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
const SCHEME_PREFIX = new RegExp(`^${DEEP_LINK_SCHEME}://`, 'i');

export function parseDeepLink(raw: unknown): DeepLinkResult {
  if (typeof raw !== 'string') return refuse('not_text');
  if (raw.length > MAX_DEEP_LINK_LENGTH) return refuse('too_long');
  if (!PRINTABLE_ASCII.test(raw)) return refuse('bad_characters');
  if (!SCHEME_PREFIX.test(raw)) return refuse('wrong_scheme');

  // Windows and some browsers append a slash to a custom-scheme URL; one is tolerated.
  let rest = raw.slice(DEEP_LINK_SCHEME.length + 3);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);

  if (rest.includes('%') || rest.includes('\\')) return refuse('encoded_characters');
  if (rest.includes('?') || rest.includes('#')) return refuse('query_or_fragment');
  if (rest.includes('@') || rest.includes(':')) return refuse('credentials');

  const segments = rest.split('/');
  const [screen, id] = segments;
  if (screen === undefined || screen === '') return refuse('unknown_screen');
  const screenName = screen.toLowerCase();
  if (screenName !== 'deal' && screenName !== 'run') return refuse('unknown_screen');
  if (segments.length !== 2 || id === undefined || id === '') return refuse('bad_path');

  const parsed = DeepLinkSchema.safeParse({ screen: screenName, id });
  return parsed.success ? { ok: true, link: parsed.data } : refuse('bad_id');
}

/** The canonical text of a link, for logs and for handing a link on. */
export function formatDeepLink(link: DeepLink): string {
  return `${DEEP_LINK_SCHEME}://${link.screen}/${link.id}`;
}
