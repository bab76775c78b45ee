// The ADMX: every policy twice, as Chrome's template does it. Once under "Assistant Desktop"
// (the values land in Software\Policies\Assistant\Assistant Desktop and are locked), once under
// "Assistant Desktop – Default Settings (users can override)" (they land in its Recommended
// subkey: IT's defaults). The words are the ADML's: only string and presentation ids appear here.
import {
  POLICIES,
  POLICY_CATEGORIES,
  POLICY_NAMES,
  type PolicyName,
} from '../../electron/contract/policy';
import {
  ADMX_NAMESPACE,
  ADMX_PREFIX,
  ADMX_REVISION,
  LEVELS,
  POLICY_DEFINITIONS_NS,
  ROOT_CATEGORY,
  stringId,
} from './model';
import { el, renderXml, type XmlElement } from './xml';

export const SUPPORTED_ON = 'SUPPORTED_0_1';

type Level = (typeof LEVELS)[number];

export function buildAdmx(): string {
  const root = el(
    'policyDefinitions',
    {
      'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      revision: ADMX_REVISION,
      schemaVersion: '1.0',
      xmlns: POLICY_DEFINITIONS_NS,
    },
    // No `using`: it is only for referring to another file's categories or supportedOn names
    // (Microsoft's policyNamespaces element), and nothing here does, so an importing tool such
    // as Intune's needs no other ADMX beside this one.
    el('policyNamespaces', {}, el('target', { prefix: ADMX_PREFIX, namespace: ADMX_NAMESPACE })),
    el('resources', { minRequiredRevision: ADMX_REVISION }),
    el(
      'supportedOn',
      {},
      el(
        'definitions',
        {},
        el('definition', { name: SUPPORTED_ON, displayName: `$(string.${SUPPORTED_ON})` }),
      ),
    ),
    el('categories', {}, ...LEVELS.flatMap(categories)),
    el(
      'policies',
      {},
      ...LEVELS.flatMap((level) => POLICY_NAMES.map((name) => policy(name, level))),
    ),
  );
  return renderXml(root);
}

function categories(level: Level): XmlElement[] {
  const root = `${ROOT_CATEGORY}${level.suffix}`;
  return [
    el('category', { name: root, displayName: `$(string.${root})` }),
    ...POLICY_CATEGORIES.map((category) =>
      el(
        'category',
        {
          name: `${stringId('Cat', category)}${level.suffix}`,
          displayName: `$(string.${stringId('Cat', category)})`,
        },
        el('parentCategory', { ref: root }),
      ),
    ),
  ];
}

function policy(name: PolicyName, level: Level): XmlElement {
  const declaration = POLICIES[name];
  const boolean = declaration.kind === 'boolean';
  return el(
    'policy',
    {
      name: `${name}${level.suffix}`,
      class: 'Both',
      displayName: `$(string.${name})`,
      explainText: `$(string.${stringId(name, 'Explain')})`,
      presentation: boolean ? undefined : `$(presentation.${name})`,
      key: level.key,
      valueName: boolean ? name : undefined,
    },
    el('parentCategory', { ref: `${stringId('Cat', declaration.category)}${level.suffix}` }),
    el('supportedOn', { ref: SUPPORTED_ON }),
    boolean
      ? [
          el('enabledValue', {}, el('decimal', { value: '1' })),
          el('disabledValue', {}, el('decimal', { value: '0' })),
        ]
      : el('elements', {}, element(name, level)),
  );
}

/** What the policy's dialog asks for, and where it writes it. */
function element(name: PolicyName, level: Level): XmlElement {
  const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
  switch (declaration.kind) {
    case 'integer':
      return el('decimal', {
        id: name,
        valueName: name,
        required: 'true',
        minValue: String(declaration.range.min),
        maxValue: String(declaration.range.max),
      });
    case 'string':
      return el('text', { id: name, valueName: name, required: 'true' });
    case 'enum':
      return el(
        'enum',
        { id: name, valueName: name, required: 'true' },
        declaration.values.map((value) =>
          el(
            'item',
            { displayName: `$(string.${stringId(name, value)})` },
            el('value', {}, el('string', {}, value)),
          ),
        ),
      );
    case 'domains':
      // A subkey of host name → CRM pairs: the list's explicit values are the value names.
      return el('list', { id: name, key: `${level.key}\\${name}`, explicitValue: 'true' });
    case 'boolean':
      throw new Error(`${name}: a boolean policy has no element`);
  }
}
