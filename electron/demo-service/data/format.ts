// Formatting for the markdown the demo writes (briefings, run outputs). Clients get raw numbers
// and ISO dates in the JSON; these strings only appear inside prose.
import { isZeroDecimal } from './catalog';

export function money(amount: number, currency: string): string {
  const digits = isZeroDecimal(currency) ? 0 : Number.isInteger(amount) ? 0 : 2;
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

export function timeUtc(iso: string): string {
  return `${iso.slice(11, 16)} UTC`;
}

export function stageLabel(stage: string): string {
  const text = stage.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Escapes the characters that would break a markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
