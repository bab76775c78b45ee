// An example configuration profile for Jamf, Intune for Mac, Kandji or a double-click install.
// Its payload's type is the app's bundle id itself (com.assistant.desktop), as Chrome's and
// Edge's examples do it, rather than a com.apple.ManagedClient.preferences payload: macOS writes
// every key of such a payload into the forced managed preferences of that domain
// (/Library/Managed Preferences/com.assistant.desktop.plist), which is exactly what the app reads,
// and the file reads the same as policy.json. The MCX payload's "Set-Once"/"Often" defaults would
// land in the user's own preferences, where the app does not look: IT's defaults go in the
// `Recommended` dictionary instead.
import { POLICY_NAMES, RECOMMENDED_KEY } from '../../electron/contract/policy';
import { EXAMPLES, MACOS_BUNDLE_ID, RECOMMENDED_EXAMPLE } from './model';
import { comment, el, renderXml, type XmlChild, type XmlElement } from './xml';

type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

// Fixed, so the file is the same at every build; a profile IT deploys gets its own (see
// docs/deployment.md): macOS replaces an installed profile that has the same identifier and UUID.
const PROFILE_UUID = '6B1C5E1A-3D2F-4C5B-9A7E-0F1D2C3B4A50';
const PAYLOAD_UUID = '9E8D7C6B-5A49-4382-B1C0-D0E1F2A3B4C5';

export function buildMobileconfig(): string {
  const policies: Record<string, PlistValue> = {};
  for (const name of POLICY_NAMES) {
    if (name !== RECOMMENDED_EXAMPLE) policies[name] = EXAMPLES[name];
  }
  const payload = dict(
    {
      PayloadType: MACOS_BUNDLE_ID,
      PayloadVersion: 1,
      PayloadIdentifier: `${MACOS_BUNDLE_ID}.policies`,
      PayloadUUID: PAYLOAD_UUID,
      PayloadDisplayName: 'Assistant Desktop policies',
      PayloadEnabled: true,
    },
    [
      comment(
        'Locked: each key at this level is set by the organisation; the user cannot change it.',
      ),
    ],
    policies,
    [comment('Defaults: what is under Recommended applies until the user changes it in Settings.')],
    { [RECOMMENDED_KEY]: { [RECOMMENDED_EXAMPLE]: EXAMPLES[RECOMMENDED_EXAMPLE] } },
  );
  const profile = dict({
    PayloadContent: { [RAW]: el('array', {}, payload) },
    PayloadDescription: 'Example: Assistant Desktop settings set by the organisation.',
    PayloadDisplayName: 'Assistant Desktop',
    PayloadIdentifier: 'com.example.assistant-desktop',
    PayloadOrganization: 'Example Corp',
    PayloadScope: 'System',
    PayloadType: 'Configuration',
    PayloadUUID: PROFILE_UUID,
    PayloadVersion: 1,
  });
  return renderXml(el('plist', { version: '1.0' }, profile), [
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
  ]);
}

/** Marks a value already written as XML (the payload, with its comments). */
const RAW = Symbol('raw');
type Entry = PlistValue | { [RAW]: XmlElement };

/** A plist dictionary from parts: plain records, and comments between them. */
function dict(...parts: (Record<string, Entry> | XmlElement[])[]): XmlElement {
  const children: XmlChild[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) children.push(...part);
    else {
      for (const [key, value] of Object.entries(part)) {
        children.push(el('key', {}, key), isRaw(value) ? value[RAW] : plist(value));
      }
    }
  }
  return el('dict', {}, children);
}

function isRaw(value: Entry): value is { [RAW]: XmlElement } {
  return typeof value === 'object' && RAW in value;
}

function plist(value: PlistValue): XmlElement {
  if (typeof value === 'boolean') return el(value ? 'true' : 'false');
  if (typeof value === 'number') {
    return Number.isInteger(value)
      ? el('integer', {}, String(value))
      : el('real', {}, String(value));
  }
  if (typeof value === 'string') return el('string', {}, value);
  if (Array.isArray(value)) return el('array', {}, value.map(plist));
  return dict(value);
}
