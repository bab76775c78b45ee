// Checks on what the user typed, before anything is sent (spec §2.3). Each failure is an
// `invalid_input` AssistantError naming the field, so a form can point at it.

import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { CreateRunInput } from './schemas';

/**
 * `<namespace>.<agent_name>`: exactly two segments joined by one dot. A segment is ASCII
 * letters (either case) and digits, with `_` or `-` allowed inside but not at either end; at most
 * 64 characters each. Examples: `sales.deal_summary`, `crm.follow-up2`, `Sales.Briefer`.
 */
export const AGENT_ID_SEGMENT = '[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?';
export const AGENT_ID_PATTERN = new RegExp(`^${AGENT_ID_SEGMENT}\\.${AGENT_ID_SEGMENT}$`);

/** A UUID of any version (and the nil UUID), either case: 8-4-4-4-12 hex digits. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAgentId(value: string): boolean {
  return AGENT_ID_PATTERN.test(value);
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

function invalid(field: string, message: string): AssistantError {
  return new AssistantError({ kind: 'invalid_input', message, field, retryable: false });
}

export function checkAgentId(value: unknown, field = 'agentId'): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(field, coreWords().t('errors.input.chooseAgent'));
  const trimmed = value.trim();
  if (!isAgentId(trimmed)) {
    throw invalid(field, coreWords().t('errors.input.agentIdForm', { id: trimmed.slice(0, 80) }));
  }
  return trimmed;
}

export function checkMessage(value: unknown, field = 'input.message'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(field, coreWords().t('errors.input.writeMessage'));
  }
  return value.trim();
}

export function checkDealId(value: unknown, field = 'context.dealId'): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(field, coreWords().t('errors.input.chooseDeal'));
  const trimmed = value.trim();
  if (!isUuid(trimmed)) {
    throw invalid(field, coreWords().t('errors.input.dealIdNotUuid', { id: trimmed.slice(0, 80) }));
  }
  return trimmed;
}

export function checkPageParam(value: unknown, field: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw invalid(field, `${field} must be a whole number of at least ${min}.`);
  }
  return value;
}

/**
 * The body of POST /runs, checked and tidied: ids and message trimmed (surrounding whitespace
 * carries no meaning), every other key of `input` and `context` passed through untouched.
 */
export function checkCreateRunInput(input: CreateRunInput): CreateRunInput {
  if (typeof input !== 'object' || input === null)
    throw invalid('input', coreWords().t('errors.input.runDetailsMissing'));
  const agentId = checkAgentId(input.agentId);
  const message = checkMessage(input.input?.message);
  const dealId = checkDealId(input.context?.dealId);
  return {
    ...input,
    agentId,
    input: { ...input.input, message },
    context: { ...input.context, dealId },
  };
}
