// What the demo company sells, and rough exchange rates so each deal is priced in its account's
// currency. Zero-decimal currencies (JPY, KRW) are priced in whole units.

export interface CatalogItem {
  sku: string;
  name: string;
  /** List price in EUR per unit per year. */
  priceEur: number;
}

export const SEATS: CatalogItem = {
  sku: 'AST-SEAT',
  name: 'Assistant seat (annual)',
  priceEur: 480,
};

export const ADD_ONS: readonly CatalogItem[] = [
  { sku: 'AGT-SALES', name: 'Agent pack: Sales', priceEur: 12_000 },
  { sku: 'AGT-RSRCH', name: 'Agent pack: Research', priceEur: 9_500 },
  { sku: 'OPS-FCST', name: 'Ops forecasting module', priceEur: 15_000 },
  { sku: 'CON-CRM', name: 'CRM data connector', priceEur: 6_000 },
  { sku: 'SUP-PREM', name: 'Premium support', priceEur: 8_000 },
  { sku: 'SVC-ONB', name: 'Onboarding workshop (5 days)', priceEur: 4_500 },
];

const EUR_RATES: Record<string, number> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  JPY: 165,
  CHF: 0.94,
  BRL: 6.1,
  AED: 3.97,
  SEK: 11.3,
  PLN: 4.3,
  KRW: 1480,
  INR: 91,
  NZD: 1.82,
  CAD: 1.5,
  AUD: 1.66,
  MXN: 21,
  SGD: 1.43,
  NOK: 11.7,
};

export function isZeroDecimal(currency: string): boolean {
  return currency === 'JPY' || currency === 'KRW';
}

/** A list price converted and rounded the way a price list would show it. */
export function unitPrice(item: CatalogItem, currency: string): number {
  const rate = EUR_RATES[currency];
  if (rate === undefined) throw new Error(`No exchange rate for ${currency}`);
  const raw = item.priceEur * rate;
  return isZeroDecimal(currency) ? Math.round(raw / 100) * 100 : Math.round(raw);
}

export function roundMoney(value: number, currency: string): number {
  return isZeroDecimal(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}
