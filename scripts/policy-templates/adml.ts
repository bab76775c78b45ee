// One language's ADML: the words for every string and presentation the ADMX names. The explain
// text is built from the catalogue's parts (what the setting does, the values allowed, locked or
// a default), so every policy says all three in every language.
import { CRMS } from '../../electron/contract/deal-by-record';
import {
  POLICIES,
  POLICY_CATEGORIES,
  POLICY_NAMES,
  type PolicyName,
} from '../../electron/contract/policy';
import { AutoPrepMode } from '../../electron/contract/settings';
import { LANGUAGE_NAMES, isLanguage, type Language } from '../../electron/domain/i18n/languages';
import type { PolicyText } from '../../electron/domain/i18n/policy-catalogues';
import { SUPPORTED_ON } from './admx';
import { ADMX_REVISION, POLICY_DEFINITIONS_NS, ROOT_CATEGORY, stringId } from './model';
import { el, renderXml, type XmlElement } from './xml';

const PRODUCT = 'Assistant Desktop';

export function buildAdml(t: PolicyText, version: string): string {
  const root = el(
    'policyDefinitionResources',
    {
      'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      revision: ADMX_REVISION,
      schemaVersion: '1.0',
      xmlns: POLICY_DEFINITIONS_NS,
    },
    el('displayName', {}, PRODUCT),
    el('description', {}, t('policy.templates.description')),
    el(
      'resources',
      {},
      el(
        'stringTable',
        {},
        Object.entries(strings(t, version)).map(([id, text]) => el('string', { id }, text)),
      ),
      el(
        'presentationTable',
        {},
        POLICY_NAMES.flatMap((name) => presentation(t, name)),
      ),
    ),
  );
  return renderXml(root);
}

/** Every string id the ADMX refers to, with its text in this language. */
export function strings(t: PolicyText, version: string): Record<string, string> {
  const table: Record<string, string> = {
    [SUPPORTED_ON]: t('policy.supportedOn', { version }),
    [ROOT_CATEGORY]: PRODUCT,
    [`${ROOT_CATEGORY}_Recommended`]: t('policy.category.recommended'),
  };
  for (const category of POLICY_CATEGORIES) {
    table[stringId('Cat', category)] = t(`policy.category.${category}`);
  }
  for (const name of POLICY_NAMES) {
    table[name] = t(`policy.${name}.name`);
    table[stringId(name, 'Explain')] = [
      t(`policy.${name}.description`),
      allowedValues(t, name),
      t('policy.levels'),
    ]
      .filter((part) => part !== '')
      .join('\n\n');
    const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
    if (declaration.kind === 'enum') {
      for (const value of declaration.values)
        table[stringId(name, value)] = itemName(t, name, value);
    }
  }
  return table;
}

/** The values sentence; a string policy's description says its format itself. */
function allowedValues(t: PolicyText, name: PolicyName): string {
  const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
  switch (declaration.kind) {
    case 'boolean':
      return t('policy.values.boolean');
    case 'integer':
      return t('policy.values.integer', {
        min: String(declaration.range.min),
        max: String(declaration.range.max),
      });
    case 'enum':
      return t('policy.values.enum', { values: declaration.values.join(', ') });
    case 'domains':
      return t('policy.values.domains', { crms: CRMS.join(', ') });
    case 'string':
      return '';
  }
}

/** An enum value as Group Policy's list shows it: a language by its own name. */
function itemName(t: PolicyText, name: PolicyName, value: string): string {
  if (name === 'UpdateChannel' && (value === 'stable' || value === 'beta')) {
    return t(`policy.UpdateChannel.${value}`);
  }
  const mode = AutoPrepMode.safeParse(value);
  if (name === 'AutomaticPrep' && mode.success) return t(`policy.AutomaticPrep.${mode.data}`);
  if (name === 'Language') {
    if (value === 'system') return t('policy.Language.system');
    if (isLanguage(value)) return `${LANGUAGE_NAMES[value satisfies Language]} (${value})`;
    return `${t('policy.Language.pseudo')} (${value})`;
  }
  throw new Error(`${name}: no display name for the value ${value}`);
}

function presentation(t: PolicyText, name: PolicyName): XmlElement[] {
  const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
  const label = t(`policy.${name}.name`);
  const control = ((): XmlElement | undefined => {
    switch (declaration.kind) {
      case 'boolean':
        return undefined;
      case 'integer':
        return el('decimalTextBox', { refId: name }, label);
      case 'string':
        return el('textBox', { refId: name }, el('label', {}, label));
      case 'enum':
        return el('dropdownList', { refId: name, noSort: 'true' }, label);
      case 'domains':
        return el('listBox', { refId: name }, t('policy.CompanionCrmDomains.label'));
    }
  })();
  return control === undefined ? [] : [el('presentation', { id: name }, control)];
}
