// `assistant status`: who the service says we are and what it offers (spec §2.2).
import { principalName, type Metadata } from '../../core/api';
import { renderFields } from './record';
import type { Style } from './style';
import { displayWidth, oneLine, padEnd } from './text';

const DOCUMENTED_CAPABILITIES = ['streaming', 'runs', 'briefings', 'deals', 'tokens', 'usage'];
const DOCUMENTED_TOP = ['service', 'version', 'environment', 'org', 'principal', 'capabilities'];

export function renderStatus(
  meta: Metadata,
  context: { baseUrl: string; embedded: boolean; style: Style },
): string {
  const { style } = context;
  const capabilities = Object.entries(meta.capabilities)
    .filter(([, value]) => typeof value === 'boolean')
    .sort(([a], [b]) => {
      const ia = DOCUMENTED_CAPABILITIES.indexOf(a);
      const ib = DOCUMENTED_CAPABILITIES.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
  const on = capabilities.filter(([, v]) => v === true).map(([k]) => k);
  const off = capabilities.filter(([, v]) => v === false).map(([k]) => k);
  const capabilityText =
    (on.length > 0 ? on.join(', ') : 'none') + (off.length > 0 ? `; not: ${off.join(', ')}` : '');
  const p = meta.principal;
  const name = principalName(p);
  const rows: Array<[string, string]> = [
    ['Service', `${meta.service} (API ${meta.version})`],
    ['Environment', meta.environment],
    ['Address', context.embedded ? `${context.baseUrl} (embedded demo)` : context.baseUrl],
    ['Organisation', `${meta.org.name} (${meta.org.id})`],
    ['User', `${name === undefined ? '' : `${name}, `}${p.userId} (${p.type}, ${p.authMode})`],
    ['Scopes', p.scopes.length > 0 ? p.scopes.join(', ') : 'none'],
    ['Capabilities', capabilityText],
  ];
  const width = Math.max(...rows.map(([label]) => displayWidth(label)));
  let text = rows
    .map(([label, value]) => `${style.bold(padEnd(label, width))}  ${oneLine(value)}`)
    .join('\n');
  text += '\n';
  // Fields the document does not show are printed too, as they came.
  const extra = Object.fromEntries(
    Object.entries(meta).filter(([key]) => !DOCUMENTED_TOP.includes(key)),
  );
  const more = renderFields(extra);
  return more === '' ? text : `${text}\n${more}`;
}
