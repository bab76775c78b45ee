import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCreateRunInput,
  checkPageParam,
  isAgentId,
  isUuid,
} from '../../../../electron/core/api/validate-input';

const valid = {
  agentId: 'sales.briefer',
  input: { message: 'Summarise the deal' },
  context: { dealId: '3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e21' },
};

describe('agent ids', () => {
  it('accepts <namespace>.<agent_name> with letters, digits, _ and - inside segments', () => {
    for (const id of ['sales.briefer', 'crm.follow-up2', 'Sales.Deal_Summary', 'a.b', 'n1.x-y_z']) {
      expect(isAgentId(id)).toBe(true);
    }
  });

  it('refuses other forms', () => {
    for (const id of [
      '',
      'sales',
      'sales.',
      '.briefer',
      'a.b.c',
      'sales briefer.x',
      '_a.b',
      'a.b-',
      'a..b',
      'ä.b',
      'a/b.c',
    ]) {
      expect(isAgentId(id)).toBe(false);
    }
  });

  it('accepts any two well-formed segments', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,20}[A-Za-z0-9])?$/);
    fc.assert(fc.property(segment, segment, (a, b) => isAgentId(`${a}.${b}`)));
  });
});

describe('deal ids', () => {
  it('accepts UUIDs of any version in either case', () => {
    fc.assert(fc.property(fc.uuid(), (id) => isUuid(id) && isUuid(id.toUpperCase())));
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses what is not a UUID', () => {
    for (const id of [
      '',
      'deal-1',
      '3f2b1c1e8a4d4c1b9f7e2d6a5b4c3e21',
      '3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e2g',
      '{3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e21}',
    ]) {
      expect(isUuid(id)).toBe(false);
    }
  });
});

describe('checkCreateRunInput', () => {
  it('trims, keeps unknown keys of input and context, and leaves the rest alone', () => {
    const out = checkCreateRunInput({
      ...valid,
      agentId: ' sales.briefer ',
      input: { message: '  Hi there \n', tone: 'short' },
      context: { dealId: valid.context.dealId.toUpperCase(), locale: 'de' },
    });
    expect(out).toEqual({
      agentId: 'sales.briefer',
      input: { message: 'Hi there', tone: 'short' },
      context: { dealId: valid.context.dealId.toUpperCase(), locale: 'de' },
    });
  });

  it('names the offending field', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, agentId: 'briefer' }, 'agentId'],
      [{ ...valid, input: { message: '   ' } }, 'input.message'],
      [{ ...valid, input: {} }, 'input.message'],
      [{ ...valid, context: { dealId: 'deal-7' } }, 'context.dealId'],
      [{ agentId: 'a.b' }, 'input.message'],
    ];
    for (const [input, field] of cases) {
      expect(() => checkCreateRunInput(input as never)).toThrowError(
        expect.objectContaining({ kind: 'invalid_input', field }) as Error,
      );
    }
  });

  it('refuses any whitespace-only message', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n\r]*$/), (message) => {
        expect(() => checkCreateRunInput({ ...valid, input: { message } })).toThrow(/message/);
      }),
    );
  });
});

describe('checkPageParam', () => {
  it('accepts whole numbers from the minimum and undefined', () => {
    expect(checkPageParam(undefined, 'limit', 1)).toBeUndefined();
    expect(checkPageParam(0, 'offset', 0)).toBe(0);
    for (const bad of [-1, 1.5, Number.NaN, '3']) {
      expect(() => checkPageParam(bad, 'offset', 0)).toThrowError(
        expect.objectContaining({ kind: 'invalid_input', field: 'offset' }) as Error,
      );
    }
    expect(() => checkPageParam(0, 'limit', 1)).toThrow(/limit/);
  });
});
