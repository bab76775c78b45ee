// The stores' extension ids a build bakes into the app (scripts/build-node.mjs), read from the
// environment: the release workflow sets them from a repository variable once the extension is
// published (docs/releasing.md). The installed app's host manifests then let in exactly those
// (electron/companion/registration/extension-ids.ts). A release must not ship without them, since no
// store-installed extension could reach that app: with ASSISTANT_REQUIRE_EXTENSION_IDS=1 (the
// release workflow) their absence fails the build. A developer's build without them only warns,
// and its installed app lets in no extension (never the development id, whose key is public).
import { z } from 'zod';
import {
  DEVELOPMENT_EXTENSION_ID,
  EXTENSION_ID,
} from '../electron/companion/registration/extension-ids';

/** The ids, separated by commas or white space: the Chrome Web Store's, Edge Add-ons'. */
export const IDS_ENV = 'ASSISTANT_EXTENSION_IDS';
/** `1`: a build without ids fails (the release workflow sets it). */
export const REQUIRE_ENV = 'ASSISTANT_REQUIRE_EXTENSION_IDS';
/** The global extension-ids.ts reads, replaced by esbuild's `define`. */
export const DEFINE_NAME = '__ASSISTANT_PUBLISHED_EXTENSION_IDS__';

/** One store per id; a few more than the two stores leaves room, a long list is a mistake. */
const MAX_IDS = 8;

const StoreId = z
  .string()
  .regex(EXTENSION_ID, 'is not an extension id (32 letters a–p)')
  .refine((id) => id !== DEVELOPMENT_EXTENSION_ID, 'is the development id, not a store’s');

const StoreIds = z.array(StoreId).max(MAX_IDS, `more than ${MAX_IDS} ids`);

export type PublishedIds =
  { ok: true; ids: string[]; warning?: string } | { ok: false; error: string };

function split(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((part) => part !== ''))];
}

export function publishedIdsForBuild(
  env: Readonly<Record<string, string | undefined>>,
): PublishedIds {
  const given = split(env[IDS_ENV] ?? '');
  const parsed = StoreIds.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const at = issue.path[0];
      return typeof at === 'number' ? `"${given[at] ?? ''}" ${issue.message}` : issue.message;
    });
    return { ok: false, error: `${IDS_ENV}: ${problems.join('; ')}.` };
  }
  if (parsed.data.length > 0) return { ok: true, ids: parsed.data };
  if (env[REQUIRE_ENV] === '1') {
    return {
      ok: false,
      error:
        `${IDS_ENV} is empty, and ${REQUIRE_ENV}=1 asks for the stores' extension ids: ` +
        'the installed app would let in no store-installed extension. Set the repository ' +
        'variable EXTENSION_IDS (docs/releasing.md, "The browser extension in the stores").',
    };
  }
  return {
    ok: true,
    ids: [],
    warning:
      `${IDS_ENV} is not set: an app packaged from this build lets in no browser extension ` +
      '(not the development one, whose key is public); try the companion with `npm run dev`, ' +
      'and a release sets the stores’ ids.',
  };
}

/** esbuild's `define` for the ids: a JSON array literal in place of the global. */
export function publishedIdsDefine(ids: readonly string[]): Record<string, string> {
  return { [DEFINE_NAME]: JSON.stringify(ids) };
}
