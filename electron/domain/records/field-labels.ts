// The names of the fields most records share (a deal's close date, a contact's email), in the
// language in use; any other field keeps the name its record gives it, made readable elsewhere.
// Keys compare as roles.ts compares them (`closeDate`, `close_date`, `closedate` are one), but a
// key written in capitals is left as written: it is a code the CRM shows as such.
import type { MessageId } from '../i18n/messages';
import type { Translator } from '../i18n/translator';
import { normaliseKey } from './roles';

const LABELS = {
  name: 'deals.field.name',
  title: 'deals.field.title',
  account: 'deals.field.account',
  company: 'deals.field.company',
  amount: 'deals.field.amount',
  currency: 'deals.field.currency',
  stage: 'deals.field.stage',
  status: 'deals.field.status',
  probability: 'deals.field.probability',
  closedate: 'deals.field.closeDate',
  nextstep: 'deals.field.nextStep',
  owner: 'deals.field.owner',
  contacts: 'deals.field.contacts',
  role: 'deals.field.role',
  email: 'deals.field.email',
  phone: 'deals.field.phone',
  activities: 'deals.field.activities',
  type: 'deals.field.type',
  by: 'deals.field.by',
  notes: 'deals.field.notes',
  risks: 'deals.field.risks',
  description: 'deals.field.description',
  createdat: 'deals.field.createdAt',
  date: 'deals.field.date',
  at: 'deals.field.when',
  generatedat: 'deals.field.generatedAt',
  startsat: 'deals.field.startsAt',
  endsat: 'deals.field.endsAt',
  updatedat: 'deals.field.updatedAt',
  // A deal's own fields as CRMs name them (Salesforce, HubSpot, Dynamics): a record's Details
  // show them in the reader's language, beside the shared ones above.
  industry: 'deals.field.industry',
  city: 'deals.field.city',
  country: 'deals.field.country',
  region: 'deals.field.region',
  address: 'deals.field.address',
  website: 'deals.field.website',
  employees: 'deals.field.employees',
  annualrevenue: 'deals.field.annualRevenue',
  revenue: 'deals.field.revenue',
  segment: 'deals.field.segment',
  priority: 'deals.field.priority',
  leadsource: 'deals.field.leadSource',
  forecastcategory: 'deals.field.forecastCategory',
  renewaldate: 'deals.field.renewalDate',
  competitors: 'deals.field.competitors',
  competitor: 'deals.field.competitor',
  products: 'deals.field.products',
  product: 'deals.field.product',
  sku: 'deals.field.sku',
  quantity: 'deals.field.quantity',
  unitprice: 'deals.field.unitPrice',
  price: 'deals.field.price',
  discount: 'deals.field.discount',
  discountpercent: 'deals.field.discountPercent',
  subtotal: 'deals.field.subtotal',
  total: 'deals.field.total',
  summary: 'deals.field.summary',
} as const satisfies Record<string, MessageId>;

function isLabelled(key: string): key is keyof typeof LABELS {
  return Object.hasOwn(LABELS, key);
}

/** The field's name in the language in use, or undefined for a field not among the shared ones. */
export function fieldLabel(key: string, t: Translator['t']): string | undefined {
  if (!/[a-z]/.test(key)) return undefined;
  const normal = normaliseKey(key);
  return isLabelled(normal) ? t(LABELS[normal]) : undefined;
}
