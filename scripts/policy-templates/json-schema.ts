// The JSON Schema of /etc/assistant-desktop/policy.json, for IT's editors and configuration
// tools: each policy's type, values and ranges come from its setting's zod schema
// (z.toJSONSchema); what that cannot express (a refinement) is added here and said so.
import {
  POLICIES,
  POLICY_NAMES,
  RECOMMENDED_KEY,
  type PolicyName,
} from '../../electron/contract/policy';
import { z } from '../../electron/contract/zod';

type JsonSchema = Record<string, unknown>;

export const POLICY_SCHEMA_ID = 'https://desktop.assistant.invalid/policy.schema.json';

export function buildJsonSchema(): JsonSchema {
  const properties = Object.fromEntries(POLICY_NAMES.map((name) => [name, policySchema(name)]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: POLICY_SCHEMA_ID,
    title: 'Assistant Desktop policies (/etc/assistant-desktop/policy.json)',
    description:
      'Each policy at the top level is locked: the user cannot change it. Under "Recommended", it is a default the user may change.',
    type: 'object',
    properties: {
      ...properties,
      [RECOMMENDED_KEY]: {
        description: 'Defaults the user may change in Settings.',
        type: 'object',
        properties,
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

function policySchema(name: PolicyName): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(POLICIES[name].schema, {
    target: 'draft-2020-12',
  });
  const declaration: (typeof POLICIES)[PolicyName] = POLICIES[name];
  const extra: JsonSchema = { description: `Sets ${declaration.setting}.` };
  if (name === 'ServiceBaseUrl' || name === 'SignInUrl') {
    // The schema's protocol check and its refusals (http:// but to this computer, a user name or
    // password in it) are code, which JSON Schema cannot carry: the app refuses those itself.
    extra['pattern'] = '^https?://';
    extra['description'] =
      `Sets ${declaration.setting}: an https:// address with no user name or password.`;
  }
  // CrmDomains' "at most 100" is a refinement, which toJSONSchema leaves out.
  if (declaration.kind === 'domains') extra['maxProperties'] = 100;
  return { ...schema, ...extra };
}
