// IT's templates, as `npm run build:policy-templates` writes them: every policy is in the ADMX
// (locked and as a default) and in every language's ADML, nothing else is, and the files hold to
// Microsoft's documented ADMX/ADML elements (no XSD is available offline: docs/deployment.md).
// The JSON Schema takes a good policy.json and refuses a bad one; the .mobileconfig is a plist
// that holds every policy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../../../electron/contract/policy';
import { parsePlist } from '../../../electron/core/policy/plist';
import { isPlainRecord } from '../../../electron/core/policy/raw-policies';
import { LANGUAGES } from '../../../electron/domain/i18n/languages';
import { POLICY_CATALOGUES, policyText } from '../../../electron/domain/i18n/policy-catalogues';
import { buildAdml } from '../../../scripts/policy-templates/adml';
import { policyTemplates } from '../../../scripts/policy-templates/build';
import {
  CULTURES,
  EXAMPLES,
  RECOMMENDED_EXAMPLE,
  RECOMMENDED_REGISTRY_KEY,
  REGISTRY_KEY,
} from '../../../scripts/policy-templates/model';
import { childrenNamed, onlyChild, parseXml, type XmlNode } from '../../support/xml-tree';

const NS = 'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions';
const files = policyTemplates('0.1');
const admx = parseXml(file('assistant-desktop.admx'));
const policies = childrenNamed(onlyChild(admx, 'policies'), 'policy');
const categories = childrenNamed(onlyChild(admx, 'categories'), 'category');

function file(path: string): string {
  const text = files[path];
  if (text === undefined) throw new Error(`${path} not built`);
  return text;
}

/** The id inside `$(string.Id)` or `$(presentation.Id)`. */
function reference(value: string | undefined, table: 'string' | 'presentation'): string {
  const match = new RegExp(`^\\$\\(${table}\\.([A-Za-z0-9_]+)\\)$`).exec(value ?? '');
  if (match?.[1] === undefined) throw new Error(`not a ${table} reference: ${value}`);
  return match[1];
}

function all(node: XmlNode): XmlNode[] {
  return [node, ...node.children.flatMap(all)];
}

/** Every `$(string.…)` the ADMX refers to, anywhere. */
const referencedStrings = new Set(
  all(admx).flatMap((node) =>
    Object.values(node.attributes)
      .filter((value) => value.startsWith('$(string.'))
      .map((value) => reference(value, 'string')),
  ),
);

describe('the ADMX', () => {
  it('is a policyDefinitions file in the Group Policy namespace, with its namespaces and resources', () => {
    expect(admx.name).toBe('policyDefinitions');
    expect(all(admx).every((node) => node.namespace === NS)).toBe(true);
    expect(admx.attributes).toMatchObject({ revision: '1.0', schemaVersion: '1.0' });
    const namespaces = onlyChild(admx, 'policyNamespaces');
    expect(onlyChild(namespaces, 'target').attributes).toEqual({
      prefix: 'assistantdesktop',
      namespace: 'Assistant.Policies.AssistantDesktop',
    });
    // Every prefix a reference uses (`prefix:name`) is declared: ours only, none of Windows'.
    expect(childrenNamed(namespaces, 'using')).toEqual([]);
    const prefixed = all(admx).flatMap((node) =>
      Object.entries(node.attributes).filter(
        ([key, value]) => !key.startsWith('xmlns') && /^[A-Za-z]+:/.test(value) && key === 'ref',
      ),
    );
    expect(prefixed).toEqual([]);
    expect(onlyChild(admx, 'resources').attributes['minRequiredRevision']).toBe('1.0');
    expect(admx.children.map((child) => child.name)).toEqual([
      'policyNamespaces',
      'resources',
      'supportedOn',
      'categories',
      'policies',
    ]);
  });

  it('has every policy twice, locked and as a default, and nothing that is not a policy', () => {
    const names = policies.map((policy) => policy.attributes['name']);
    expect(names.sort()).toEqual(
      POLICY_NAMES.flatMap((name) => [name, `${name}_Recommended`]).sort(),
    );
    for (const policy of policies) {
      const recommended = policy.attributes['name']?.endsWith('_Recommended') === true;
      expect(policy.attributes['key']).toBe(recommended ? RECOMMENDED_REGISTRY_KEY : REGISTRY_KEY);
      expect(policy.attributes['class']).toBe('Both');
    }
  });

  it('puts each policy in a category of its tree, under Assistant Desktop or its Default Settings', () => {
    const byName = new Map(categories.map((category) => [category.attributes['name'], category]));
    expect(byName.size).toBe(categories.length);
    for (const category of categories) {
      const parents = childrenNamed(category, 'parentCategory');
      for (const parent of parents) expect(byName.has(parent.attributes['ref'])).toBe(true);
    }
    const roots = categories.filter((category) => category.children.length === 0);
    expect(roots.map((root) => root.attributes['name'])).toEqual([
      'AssistantDesktop',
      'AssistantDesktop_Recommended',
    ]);
    const rootOf = (name: string | undefined): string | undefined => {
      const parent = childrenNamed(byName.get(name) ?? admx, 'parentCategory')[0];
      return parent === undefined ? name : rootOf(parent.attributes['ref']);
    };
    for (const policy of policies) {
      const name = policy.attributes['name'] ?? '';
      const base = name.replace(/_Recommended$/, '') as PolicyName;
      const category = onlyChild(policy, 'parentCategory').attributes['ref'];
      expect(category).toBe(`Cat_${POLICIES[base].category}${name === base ? '' : '_Recommended'}`);
      expect(rootOf(category)).toBe(
        name === base ? 'AssistantDesktop' : 'AssistantDesktop_Recommended',
      );
    }
  });

  it("follows Microsoft's elements for each kind: values, ids, value names, enum items", () => {
    const definitions = childrenNamed(
      onlyChild(onlyChild(admx, 'supportedOn'), 'definitions'),
      'definition',
    ).map((definition) => definition.attributes['name']);
    const order = [
      'parentCategory',
      'seeAlso',
      'keywords',
      'supportedOn',
      'enabledValue',
      'disabledValue',
      'enabledList',
      'disabledList',
      'elements',
    ];
    for (const policy of policies) {
      const name = (policy.attributes['name'] ?? '').replace(/_Recommended$/, '') as PolicyName;
      const kind = POLICIES[name].kind;
      const positions = policy.children.map((child) => order.indexOf(child.name));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(definitions).toContain(onlyChild(policy, 'supportedOn').attributes['ref']);
      reference(policy.attributes['displayName'], 'string');
      reference(policy.attributes['explainText'], 'string');
      if (kind === 'boolean') {
        expect(policy.attributes['valueName']).toBe(name);
        expect(onlyChild(onlyChild(policy, 'enabledValue'), 'decimal').attributes).toEqual({
          value: '1',
        });
        expect(onlyChild(onlyChild(policy, 'disabledValue'), 'decimal').attributes).toEqual({
          value: '0',
        });
        expect(policy.attributes['presentation']).toBeUndefined();
        continue;
      }
      expect(reference(policy.attributes['presentation'], 'presentation')).toBe(name);
      const elements = onlyChild(policy, 'elements').children;
      const ids = elements.map((element) => element.attributes['id']);
      expect(new Set(ids).size).toBe(ids.length);
      const [element] = elements;
      expect(element?.name).toBe(
        { integer: 'decimal', string: 'text', enum: 'enum', domains: 'list' }[kind],
      );
      if (element === undefined) continue;
      if (kind === 'domains') {
        expect(element.attributes).toMatchObject({
          key: `${policy.attributes['key']}\\${name}`,
          explicitValue: 'true',
        });
      } else {
        expect(element.attributes['valueName']).toBe(name);
      }
      const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
      if (declaration.kind === 'integer') {
        expect(element.attributes).toMatchObject({
          minValue: String(declaration.range.min),
          maxValue: String(declaration.range.max),
        });
      }
      if (declaration.kind === 'enum') {
        const items = childrenNamed(element, 'item');
        expect(items.map((item) => onlyChild(onlyChild(item, 'value'), 'string').text)).toEqual([
          ...declaration.values,
        ]);
        for (const item of items) reference(item.attributes['displayName'], 'string');
      }
    }
  });
});

describe.each(LANGUAGES)('the ADML in %s', (language) => {
  const adml = parseXml(file(`${CULTURES[language]}/assistant-desktop.adml`));
  const resources = onlyChild(adml, 'resources');
  const strings = new Map(
    childrenNamed(onlyChild(resources, 'stringTable'), 'string').map((node) => [
      node.attributes['id'],
      node.text,
    ]),
  );
  const presentations = childrenNamed(onlyChild(resources, 'presentationTable'), 'presentation');

  it('is a policyDefinitionResources file with a name, a description and its tables', () => {
    expect(adml.name).toBe('policyDefinitionResources');
    expect(all(adml).every((node) => node.namespace === NS)).toBe(true);
    expect(adml.children.map((child) => child.name)).toEqual([
      'displayName',
      'description',
      'resources',
    ]);
    expect(onlyChild(adml, 'description').text).not.toBe('');
  });

  it('has every string the ADMX refers to, none empty, and no other', () => {
    expect(strings.size).toBe(childrenNamed(onlyChild(resources, 'stringTable'), 'string').length);
    expect([...strings.keys()].sort()).toEqual([...referencedStrings].sort());
    for (const [id, text] of strings) expect(text?.trim(), id).not.toBe('');
  });

  it('explains each policy: what it does, the values allowed, and that under Default Settings the user may change it', () => {
    const t = policyText(language);
    for (const name of POLICY_NAMES) {
      const explain = strings.get(`${name}_Explain`) ?? '';
      expect(explain).toContain(t(`policy.${name}.description`));
      expect(explain).toContain(t('policy.category.recommended'));
      const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
      if (declaration.kind === 'integer') {
        expect(explain).toContain(String(declaration.range.max));
      }
      if (declaration.kind === 'enum') {
        for (const value of declaration.values) expect(explain).toContain(value);
      }
    }
  });

  it("has a presentation for each policy that asks for a value, its controls on the policy's elements", () => {
    const ids = presentations.map((presentation) => presentation.attributes['id']);
    expect(new Set(ids).size).toBe(ids.length);
    const used = new Set(
      policies
        .map((policy) => policy.attributes['presentation'])
        .filter((value) => value !== undefined)
        .map((value) => reference(value, 'presentation')),
    );
    expect([...ids].sort()).toEqual([...used].sort());
    for (const presentation of presentations) {
      const owners = policies.filter(
        (policy) =>
          policy.attributes['presentation'] === `$(presentation.${presentation.attributes['id']})`,
      );
      expect(owners).toHaveLength(2);
      for (const owner of owners) {
        const elementIds = onlyChild(owner, 'elements').children.map(
          (element) => element.attributes['id'],
        );
        for (const control of presentation.children) {
          expect(['textBox', 'decimalTextBox', 'dropdownList', 'listBox']).toContain(control.name);
          expect(elementIds).toContain(control.attributes['refId']);
        }
      }
    }
  });
});

describe('the policy catalogues', () => {
  const english = POLICY_CATALOGUES.en;
  const placeholders = (message: string): string[] =>
    parse(message)
      .filter((element) => element.type !== TYPE.literal)
      .map((element) => ('value' in element ? String(element.value) : ''))
      .sort();

  it.each(LANGUAGES)('%s: every message is valid ICU with English’s placeholders', (language) => {
    for (const [id, message] of Object.entries(POLICY_CATALOGUES[language])) {
      const source = english[id as keyof typeof english];
      expect(placeholders(message), `${language} ${id}`).toEqual(placeholders(source));
    }
  });

  it('has no message the templates do not use', () => {
    const used = new Set<string>();
    const t = policyText('en');
    buildAdml((id, values) => {
      used.add(id);
      return t(id, values);
    }, '0.1');
    expect(Object.keys(english).filter((id) => !used.has(id))).toEqual([]);
  });
});

describe('policy.schema.json', () => {
  const schema: unknown = JSON.parse(file('policy.schema.json'));
  // Formats (uri) are annotations in 2020-12 unless a vocabulary asserts them; the pattern checks the scheme.
  const validate = new Ajv2020({ allErrors: true, validateFormats: false }).compile(
    schema as object,
  );
  const { [RECOMMENDED_EXAMPLE]: recommended, ...locked } = EXAMPLES;

  it('has every policy at the top level and under Recommended', () => {
    expect(schema).toMatchObject({ additionalProperties: false });
    const properties = (schema as { properties: Record<string, { properties?: object }> })
      .properties;
    expect(Object.keys(properties).sort()).toEqual([...POLICY_NAMES, 'Recommended'].sort());
    expect(Object.keys(properties['Recommended']?.properties ?? {}).sort()).toEqual(
      [...POLICY_NAMES].sort(),
    );
  });

  it('takes a policy.json of every example value, one of them recommended', () => {
    expect(validate({ ...locked, Recommended: { [RECOMMENDED_EXAMPLE]: recommended } })).toBe(true);
  });

  it("takes docs/deployment.md's example, which names every policy", () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/deployment.md'), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(validate(JSON.parse(example ?? 'null'))).toBe(true);
    for (const name of POLICY_NAMES) expect(doc).toContain(`| \`${name}\``);
  });

  it('refuses a wrong type, a value out of range, an unknown name, a bad CRM domain', () => {
    for (const wrong of [
      { AllowDemo: 'yes' },
      { TranscriptMaxAgeDays: 0 },
      { UpdateChannel: 'nightly' },
      { MorningTime: '8:30' },
      { Recommended: { LaunchAtLogin: 1 } },
      { Unknown: true },
      { CompanionCrmDomains: { 'CRM.Example.com': 'salesforce' } },
      { CompanionCrmDomains: { 'crm.example.com': 'notes' } },
      { ServiceBaseUrl: 'ftp://assistant.example.com' },
    ]) {
      expect(validate(wrong), JSON.stringify(wrong)).toBe(false);
    }
  });
});

describe('the examples', () => {
  it("each pass their policy's own schema", () => {
    for (const name of POLICY_NAMES) {
      expect(POLICIES[name].schema.safeParse(EXAMPLES[name]).success, name).toBe(true);
    }
  });

  it('the .mobileconfig is a plist whose payload, for the app bundle id, holds every policy once', () => {
    const profile = parsePlist(
      new TextEncoder().encode(file('com.assistant.desktop.mobileconfig')),
    );
    parseXml(file('com.assistant.desktop.mobileconfig'));
    expect(profile).toMatchObject({ PayloadType: 'Configuration', PayloadVersion: 1 });
    const content = isPlainRecord(profile) ? profile['PayloadContent'] : undefined;
    expect(Array.isArray(content) && content.length === 1).toBe(true);
    const payload = Array.isArray(content) ? content[0] : undefined;
    if (!isPlainRecord(payload)) throw new Error('no payload dictionary');
    expect(payload['PayloadType']).toBe('com.assistant.desktop');
    const { Recommended, ...top } = payload;
    const policiesAtTop = Object.fromEntries(
      Object.entries(top).filter(([key]) => !key.startsWith('Payload')),
    );
    expect(policiesAtTop).toEqual(
      Object.fromEntries(
        POLICY_NAMES.filter((name) => name !== RECOMMENDED_EXAMPLE).map((name) => [
          name,
          EXAMPLES[name],
        ]),
      ),
    );
    expect(Recommended).toEqual({ [RECOMMENDED_EXAMPLE]: EXAMPLES[RECOMMENDED_EXAMPLE] });
  });
});

describe('the Windows key', () => {
  it('is the one the relay reads', () => {
    const relay = readFileSync(new URL('../../../relay/src/policies.rs', import.meta.url), 'utf8');
    const path = /pub const POLICY_PATH: &str = r"([^"]+)";/.exec(relay)?.[1];
    expect(path).toBe(REGISTRY_KEY);
  });
});
