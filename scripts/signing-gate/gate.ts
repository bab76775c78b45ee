// Whether a release build for one OS may carry an update feed, decided from the release job's
// variables and which signing secrets exist. An update feed tells every installed copy to download
// and run what the feed names, so it ships only where the app checks who signed the download:
// - Windows: electron-updater checks the installer's Authenticode signer against `publisherName`
//   (electron-builder.yml, written into app-update.yml), so a feed needs the certificate.
// - macOS: Squirrel.Mac installs an update only if it is signed by the same Developer ID as the
//   running app, so a feed needs the Developer ID certificate.
// - Linux: electron-updater checks an AppImage or deb only against the sha512 in the same feed's
//   latest-linux.yml, never a signature: whoever controls the feed controls the code. Linux
//   builds therefore never carry a feed; users update through their package manager or a new
//   download, and the app says so in Settings.
// An unsigned build without a feed is allowed: it installs with a warning and never updates itself.

import { z } from 'zod';

export const Platform = z.enum(['win', 'mac', 'linux']);
export type Platform = z.infer<typeof Platform>;

const present = z
  .string()
  .optional()
  .transform((value) => value === 'true');

/** The gate's inputs, as the release workflow passes them (secrets only as `true`/`false`). */
export const GateInput = z.object({
  PLATFORM: Platform,
  UPDATE_PROVIDER: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? 'none' : value.trim())),
  UPDATE_URL: z.string().optional(),
  /** owner/name, for the github provider. */
  GITHUB_REPOSITORY: z.string().optional(),
  HAS_WIN_CERTIFICATE: present,
  HAS_MAC_CERTIFICATE: present,
  HAS_MAC_NOTARISATION: present,
});
export type GateInput = z.input<typeof GateInput>;

export type GateDecision =
  | {
      ok: true;
      /** electron-builder options that set the feed; empty means no feed. */
      feedArgs: string[];
      notices: string[];
      warnings: string[];
    }
  | { ok: false; error: string };

type Feed = { ok: true; args: string[] } | { ok: false; error: string };

function feedOf(provider: string, url: string | undefined, repository: string | undefined): Feed {
  switch (provider) {
    case 'none':
      return { ok: true, args: [] };
    case 'generic':
      if (url === undefined || !/^https:\/\/\S+$/.test(url)) {
        return {
          ok: false,
          error: 'UPDATE_URL must be an https:// URL when UPDATE_PROVIDER=generic.',
        };
      }
      return { ok: true, args: ['-c.publish.provider=generic', `-c.publish.url=${url}`] };
    case 'github': {
      const [owner, repo, ...rest] = (repository ?? '').split('/');
      if (!owner || !repo || rest.length > 0) {
        return {
          ok: false,
          error: 'GITHUB_REPOSITORY must be owner/name for UPDATE_PROVIDER=github.',
        };
      }
      return {
        ok: true,
        args: [
          '-c.publish.provider=github',
          `-c.publish.owner=${owner}`,
          `-c.publish.repo=${repo}`,
        ],
      };
    }
    default:
      return { ok: false, error: 'UPDATE_PROVIDER must be github, generic or none.' };
  }
}

const NO_FEED = 'No update feed configured: apps from this release will not update themselves.';
const LINUX_NO_FEED =
  'Linux builds carry no update feed: electron-updater does not verify the signature of an ' +
  'AppImage or deb, only a checksum from the same feed. Linux users update through their ' +
  'package manager or by downloading the new release.';

function unsignedError(platform: 'win' | 'mac'): string {
  const [os, secrets] =
    platform === 'win'
      ? ['Windows', 'WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD']
      : ['macOS', 'MAC_CSC_LINK and MAC_CSC_KEY_PASSWORD'];
  return (
    `This release has an update feed but no ${os} signing certificate: installed copies would ` +
    `install unsigned updates from the feed. Add the secrets ${secrets}, or set the repository ` +
    'variable UPDATE_PROVIDER to none to release without updates.'
  );
}

export function decideSigning(raw: Readonly<Record<string, string | undefined>>): GateDecision {
  const parsed = GateInput.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, error: 'PLATFORM must be win, mac or linux.' };
  }
  const input = parsed.data;
  const feed = feedOf(input.UPDATE_PROVIDER, input.UPDATE_URL, input.GITHUB_REPOSITORY);
  if (!feed.ok) return feed;
  if (feed.args.length === 0) return { ok: true, feedArgs: [], notices: [NO_FEED], warnings: [] };
  switch (input.PLATFORM) {
    case 'linux':
      return { ok: true, feedArgs: [], notices: [LINUX_NO_FEED], warnings: [] };
    case 'win':
      if (!input.HAS_WIN_CERTIFICATE) return { ok: false, error: unsignedError('win') };
      return { ok: true, feedArgs: feed.args, notices: [], warnings: [] };
    case 'mac': {
      if (!input.HAS_MAC_CERTIFICATE) return { ok: false, error: unsignedError('mac') };
      const warnings = input.HAS_MAC_NOTARISATION
        ? []
        : [
            'No notarisation credentials: macOS will refuse to open this build when first downloaded.',
          ];
      return { ok: true, feedArgs: feed.args, notices: [], warnings };
    }
  }
}
