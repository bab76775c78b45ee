// A policy file (Linux's /etc/assistant-desktop/policy.json, or the one ASSISTANT_POLICY_FILE
// names): a JSON object of policy names to values, with IT's defaults under `Recommended`.
// Bounded, since anything may be written there; a missing file is no source, not a problem.
import { readFile } from 'node:fs/promises';
import { RECOMMENDED_KEY, type PolicySource } from '../../contract';
import { isPlainRecord, splitRecommended, type PolicyRead } from './raw-policies';

/** A policy file is a few hundred bytes; one over this is not one. */
export const MAX_POLICY_FILE_BYTES = 256 * 1024;

export async function readPolicyFile(
  path: string,
  source: PolicySource,
): Promise<PolicyRead | undefined> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.byteLength > MAX_POLICY_FILE_BYTES) {
      return { source, reason: `${path} is larger than ${MAX_POLICY_FILE_BYTES} bytes.` };
    }
    text = bytes.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { source, reason: `${path} could not be read (${code ?? 'error'}).` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // The parser's message would quote the file, which may hold an address with a password.
    return { source, reason: `${path} is not valid JSON.` };
  }
  if (!isPlainRecord(parsed)) return { source, reason: `${path} is not a JSON object.` };
  return splitRecommended(source, parsed, RECOMMENDED_KEY);
}
