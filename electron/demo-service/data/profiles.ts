// CRM profiles: the demo's deals as a service in front of Salesforce, HubSpot, Pipedrive,
// Dynamics 365 or Zoho CRM would pass them on, in that CRM's public REST shape (field names,
// nesting, value types). Each record carries its CRM's own id, the one that CRM's web app shows in
// its addresses (Dynamics' is a GUID, the service's own); where it is not a UUID, the service's
// UUID rides beside it, because runs are started with it. `default` is the demo's own shape.
import type { DealDetail, DealStage } from './deals';
import { hash32, nameUuid } from './random';

export const PROFILES = [
  'default',
  'salesforce',
  'hubspot',
  'pipedrive',
  'dynamics',
  'zoho',
] as const;
export type Profile = (typeof PROFILES)[number];

type Shaped = Record<string, unknown>;

/** Who the service says you are, per profile: another service is another organisation. */
export const PROFILE_ORGS: Record<Profile, { id: string; name: string; userId: string }> = {
  default: { id: 'org_northwind_demo', name: 'Northwind Demo Sales', userId: 'usr_demo_alex' },
  salesforce: { id: 'org_fabrikam_sf', name: 'Fabrikam Sales Cloud', userId: 'usr_sf_priya' },
  hubspot: { id: 'org_contoso_hs', name: 'Contoso Growth Team', userId: 'usr_hs_jonas' },
  pipedrive: { id: 'org_bergmann_pd', name: 'Bergmann Vertrieb', userId: 'usr_pd_mia' },
  dynamics: { id: 'org_adatum_d365', name: 'Adatum Field Sales', userId: 'usr_d365_camille' },
  zoho: { id: 'org_tailspin_zoho', name: 'Tailspin Sales Desk', userId: 'usr_zoho_luis' },
};

const SALESFORCE_STAGES: Record<DealStage, string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal/Price Quote',
  negotiation: 'Negotiation/Review',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};

const HUBSPOT_STAGES: Record<DealStage, string> = {
  prospecting: 'appointmentscheduled',
  qualification: 'qualifiedtobuy',
  proposal: 'presentationscheduled',
  negotiation: 'contractsent',
  closed_won: 'closedwon',
  closed_lost: 'closedlost',
};

/** Dynamics' sales stage option set (value, label) and business process step. */
const DYNAMICS_STAGES: Record<DealStage, [number, string, string]> = {
  prospecting: [0, 'Qualify', '1-Qualify'],
  qualification: [0, 'Qualify', '1-Qualify'],
  proposal: [1, 'Develop', '2-Develop'],
  negotiation: [2, 'Propose', '3-Propose'],
  closed_won: [3, 'Close', '4-Close'],
  closed_lost: [3, 'Close', '4-Close'],
};

const PIPEDRIVE_STAGE_IDS: Record<DealStage, number> = {
  prospecting: 1,
  qualification: 2,
  proposal: 3,
  negotiation: 4,
  closed_won: 5,
  closed_lost: 5,
};

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * An 18-character Salesforce-style record id with the object's key prefix: 15 case-sensitive
 * characters and Salesforce's 3-character checksum of their case, so that the 15-character form a
 * Lightning address may carry names the same record.
 */
function salesforceId(prefix: string, seed: string): string {
  let n = hash32(seed);
  let id15 = prefix + '5g0000';
  for (let i = 0; i < 6; i += 1) {
    id15 += ALPHANUMERIC[n % 62];
    n = Math.floor(n / 62) + hash32(`${seed}:${i}`);
  }
  return id15 + salesforceChecksum(id15);
}

// Salesforce's own rule, written again here: the demo service shares no code with the client.
function salesforceChecksum(id15: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
  let suffix = '';
  for (let chunk = 0; chunk < 15; chunk += 5) {
    let bits = 0;
    for (let i = 0; i < 5; i += 1) {
      if (/[A-Z]/.test(id15.charAt(chunk + i))) bits += 2 ** i;
    }
    suffix += alphabet.charAt(bits);
  }
  return suffix;
}

function digits(seed: string, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1) out += String(hash32(`${seed}:${i}`));
  return out.slice(0, length);
}

function sfTimestamp(iso: string): string {
  return iso.replace('Z', '+0000');
}

function salesforce(deal: DealDetail, detail: boolean): Shaped {
  const accountId = salesforceId('001', deal.account);
  const ownerId = salesforceId('005', deal.owner.id);
  const id = salesforceId('006', deal.id);
  return {
    attributes: { type: 'Opportunity', url: `/services/data/v60.0/sobjects/Opportunity/${id}` },
    Id: id,
    uuid: deal.id,
    Name: deal.name,
    AccountId: accountId,
    Account: {
      attributes: { type: 'Account', url: `/services/data/v60.0/sobjects/Account/${accountId}` },
      Name: deal.account,
      Industry: deal.industry,
      BillingCity: deal.city,
    },
    StageName: SALESFORCE_STAGES[deal.stage],
    Amount: deal.amount,
    CurrencyIsoCode: deal.currency,
    CloseDate: deal.closeDate,
    Probability: deal.probability,
    IsClosed: deal.stage.startsWith('closed'),
    IsWon: deal.stage === 'closed_won',
    OwnerId: ownerId,
    Owner: {
      attributes: { type: 'User', url: `/services/data/v60.0/sobjects/User/${ownerId}` },
      Name: deal.owner.name,
    },
    NextStep: deal.nextStep,
    LastModifiedDate: sfTimestamp(deal.updatedAt),
    ...(detail ? { Description: deal.notes } : {}),
  };
}

function hubspot(deal: DealDetail, detail: boolean): Shaped {
  const id = digits(deal.id, 11);
  return {
    id,
    serviceId: deal.id,
    properties: {
      amount: deal.amount.toFixed(2),
      closedate: `${deal.closeDate}T00:00:00.000Z`,
      createdate: deal.activities.at(-1)?.at ?? deal.updatedAt,
      dealname: deal.name,
      dealstage: HUBSPOT_STAGES[deal.stage],
      deal_currency_code: deal.currency,
      hs_lastmodifieddate: deal.updatedAt,
      hs_object_id: id,
      hs_deal_stage_probability: (deal.probability / 100).toFixed(2),
      hubspot_owner_id: digits(deal.owner.id, 8),
      pipeline: 'default',
      ...(detail ? { description: deal.notes } : {}),
    },
    createdAt: deal.activities.at(-1)?.at ?? deal.updatedAt,
    updatedAt: deal.updatedAt,
    archived: false,
    // HubSpot keeps the company as an association; the service resolves its name.
    company: { id: digits(deal.account, 10), name: deal.account },
  };
}

function pipedriveTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

function pipedrive(deal: DealDetail, detail: boolean): Shaped {
  const userId = Number(digits(deal.owner.id, 8));
  const owner = { id: userId, name: deal.owner.name, email: deal.owner.email, value: userId };
  const contact = deal.contacts[0];
  const status =
    deal.stage === 'closed_won' ? 'won' : deal.stage === 'closed_lost' ? 'lost' : 'open';
  return {
    id: Number(digits(deal.id, 5)),
    uuid: deal.id,
    creator_user_id: owner,
    user_id: owner,
    person_id:
      contact === undefined
        ? null
        : {
            name: contact.name,
            email: [{ value: contact.email, primary: true }],
            value: Number(digits(contact.email, 4)),
          },
    org_id: {
      name: deal.account,
      people_count: deal.contacts.length,
      owner_id: userId,
      address: `${deal.city}, ${deal.country}`,
      value: Number(digits(deal.account, 4)),
    },
    stage_id: PIPEDRIVE_STAGE_IDS[deal.stage],
    title: deal.name,
    value: deal.amount,
    currency: deal.currency,
    add_time: pipedriveTime(deal.activities.at(-1)?.at ?? deal.updatedAt),
    update_time: pipedriveTime(deal.updatedAt),
    status,
    probability: deal.probability,
    expected_close_date: deal.closeDate,
    org_name: deal.account,
    owner_name: deal.owner.name,
    person_name: contact?.name ?? null,
    next_activity_subject: deal.nextStep,
    ...(detail ? { notes: deal.notes } : {}),
  };
}

const FORMATTED = '@OData.Community.Display.V1.FormattedValue';

function dynamics(deal: DealDetail, detail: boolean): Shaped {
  const [salesStage, salesStageLabel, step] = DYNAMICS_STAGES[deal.stage];
  const state = deal.stage === 'closed_won' ? 1 : deal.stage === 'closed_lost' ? 2 : 0;
  const currencyId = nameUuid(`currency:${deal.currency}`);
  return {
    '@odata.etag': `W/"${digits(deal.id, 7)}"`,
    opportunityid: deal.id,
    name: deal.name,
    estimatedvalue: deal.amount,
    [`estimatedvalue${FORMATTED}`]: `${deal.currency} ${deal.amount.toLocaleString('en-US')}`,
    estimatedclosedate: deal.closeDate,
    closeprobability: deal.probability,
    stepname: step,
    salesstage: salesStage,
    [`salesstage${FORMATTED}`]: salesStageLabel,
    statecode: state,
    [`statecode${FORMATTED}`]: ['Open', 'Won', 'Lost'][state],
    _parentaccountid_value: nameUuid(`account:${deal.account}`),
    [`_parentaccountid_value${FORMATTED}`]: deal.account,
    '_parentaccountid_value@Microsoft.Dynamics.CRM.lookuplogicalname': 'account',
    _ownerid_value: nameUuid(`user:${deal.owner.id}`),
    [`_ownerid_value${FORMATTED}`]: deal.owner.name,
    _transactioncurrencyid_value: currencyId,
    transactioncurrencyid: { isocurrencycode: deal.currency, transactioncurrencyid: currencyId },
    modifiedon: deal.updatedAt,
    ...(detail ? { description: deal.notes } : {}),
  };
}

const ZOHO_STAGES: Record<DealStage, string> = {
  prospecting: 'Qualification',
  qualification: 'Needs Analysis',
  proposal: 'Proposal/Price Quote',
  negotiation: 'Negotiation/Review',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};

function zoho(deal: DealDetail, detail: boolean): Shaped {
  const contact = deal.contacts[0];
  return {
    id: `5725767000${digits(deal.id, 9)}`,
    service_id: deal.id,
    Deal_Name: deal.name,
    Account_Name: { name: deal.account, id: `5725767000${digits(deal.account, 9)}` },
    ...(contact === undefined
      ? {}
      : { Contact_Name: { name: contact.name, id: `5725767000${digits(contact.email, 9)}` } }),
    Stage: ZOHO_STAGES[deal.stage],
    Amount: deal.amount,
    Currency: deal.currency,
    Closing_Date: deal.closeDate,
    Probability: deal.probability,
    Owner: {
      name: deal.owner.name,
      id: `5725767000${digits(deal.owner.id, 9)}`,
      email: deal.owner.email,
    },
    Next_Step: deal.nextStep,
    Modified_Time: deal.updatedAt.replace(/\.\d{3}Z$/, '+00:00'),
    $approval_state: 'approved',
    ...(detail ? { Description: deal.notes } : {}),
  };
}

const SHAPERS: Record<
  Exclude<Profile, 'default'>,
  (deal: DealDetail, detail: boolean) => Shaped
> = {
  salesforce,
  hubspot,
  pipedrive,
  dynamics,
  zoho,
};

/** The deal as the profile's CRM shapes it; `detail` for GET /deals/{id} (notes included). */
export function shapeDeal(
  profile: Exclude<Profile, 'default'>,
  deal: DealDetail,
  detail: boolean,
): Shaped {
  return SHAPERS[profile](deal, detail);
}
