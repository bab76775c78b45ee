// The words roles.ts reads records by: which keys stand for which role, the wrappers a
// record's fields come in, and the other names a resource goes by in CRMs. All normalised (letters
// and digits, lower case). Data only; the reading itself is in roles.ts.

export type RoleName =
  | 'id'
  | 'title'
  | 'account'
  | 'amount'
  | 'currency'
  | 'stage'
  | 'closeDate'
  | 'owner'
  | 'probability'
  | 'updatedAt';

/** Keys whose object holds the record's fields rather than a related record. */
export const WRAPPER_KEYS = ['properties', 'fields', 'attributes', 'data', 'record', 'values'];

/** Nested objects a briefing keeps its title in (`meeting.title`, `event.subject`). */
export const TITLE_CONTAINERS = [
  'meeting',
  'event',
  'summary',
  'briefing',
  'calendarevent',
  'appointment',
];

/** Other names a resource goes by in CRMs: their prefixes are dropped too. */
export const RESOURCE_ALIASES: Record<string, readonly string[]> = {
  deal: ['deal', 'opportunity', 'opp'],
  briefing: ['briefing'],
  agent: ['agent'],
  run: ['run'],
};

/** Candidate keys per role, normalised, most telling first. */
export const SYNONYMS: Record<Exclude<RoleName, 'id'>, readonly string[]> = {
  title: ['name', 'title', 'headline', 'subject', 'label', 'displayname', 'topic'],
  account: [
    'account',
    'accountname',
    'company',
    'companyname',
    'customer',
    'customername',
    'client',
    'clientname',
    'organization',
    'organizationname',
    'organisation',
    'organisationname',
    'org',
    'orgname',
    'parentaccount',
    'parentaccountid',
    'accountid',
    'orgid',
    'companyid',
    'customerid',
  ],
  amount: [
    'amount',
    'value',
    'estimatedvalue',
    'expectedvalue',
    'totalamount',
    'total',
    'revenue',
    'expectedrevenue',
    'price',
    'arr',
    'acv',
  ],
  currency: [
    'currency',
    'currencycode',
    'currencyisocode',
    'isocurrencycode',
    'transactioncurrency',
    'transactioncurrencyid',
    'currencyid',
  ],
  stage: [
    'stage',
    'stagename',
    'salesstage',
    'pipelinestage',
    'stepname',
    'phase',
    'stagelabel',
    'stageid',
    'status',
  ],
  closeDate: [
    'closedate',
    'closingdate',
    'expectedclosedate',
    'estimatedclosedate',
    'expectedclose',
    'expectedclosingdate',
    'closeat',
    'closingat',
    'closetime',
    'targetclosedate',
  ],
  owner: [
    'owner',
    'ownername',
    'ownerid',
    'dealowner',
    'assignedto',
    'salesrep',
    'user',
    'userid',
    'username',
  ],
  probability: ['probability', 'winprobability', 'closeprobability', 'stageprobability', 'chance'],
  updatedAt: [
    'updatedat',
    'updated',
    'updatetime',
    'modifiedat',
    'modifiedtime',
    'modifiedon',
    'lastmodified',
    'lastmodifieddate',
    'lastmodifiedat',
    'lastupdated',
  ],
};

export const ID_KEYS = ['id', 'uuid', 'guid', 'serviceid', 'recordid', 'key', 'slug', 'externalid'];
