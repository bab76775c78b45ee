// `npm run build:policy-templates`: writes IT's templates into out/policy-templates/, generated
// from the POLICIES declaration (electron/contract/policy.ts) and the policy catalogues, never
// written by hand: the ADMX with each language's ADML, an example .mobileconfig and the JSON
// Schema of policy.json (docs/deployment.md says how IT uses each).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LANGUAGES } from '../../electron/domain/i18n/languages';
import { policyText } from '../../electron/domain/i18n/policy-catalogues';
import { buildAdml } from './adml';
import { buildAdmx } from './admx';
import { buildJsonSchema } from './json-schema';
import { buildMobileconfig } from './mobileconfig';
import { CULTURES, MACOS_BUNDLE_ID, TEMPLATE_BASENAME } from './model';

/** Every file, by its path under out/policy-templates/. */
export function policyTemplates(version: string): Record<string, string> {
  const files: Record<string, string> = {
    [`${TEMPLATE_BASENAME}.admx`]: buildAdmx(),
    [`${MACOS_BUNDLE_ID}.mobileconfig`]: buildMobileconfig(),
    'policy.schema.json': `${JSON.stringify(buildJsonSchema(), null, 2)}\n`,
  };
  for (const language of LANGUAGES) {
    files[`${CULTURES[language]}/${TEMPLATE_BASENAME}.adml`] = buildAdml(
      policyText(language),
      version,
    );
  }
  return files;
}

/** "0.1.0" → "0.1": the release that first reads these policies, as supportedOn names it. */
export function supportedVersion(packageVersion: string): string {
  return packageVersion.split('.').slice(0, 2).join('.');
}

async function main(): Promise<void> {
  const root = join(import.meta.dirname, '../..');
  const { default: pkg } = (await import('../../package.json', { with: { type: 'json' } })) as {
    default: { version: string };
  };
  const out = join(root, 'out/policy-templates');
  await rm(out, { recursive: true, force: true });
  for (const [path, text] of Object.entries(policyTemplates(supportedVersion(pkg.version)))) {
    await mkdir(dirname(join(out, path)), { recursive: true });
    await writeFile(join(out, path), text);
  }
  console.log(`build:policy-templates: wrote ${out}`);
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) await main();
