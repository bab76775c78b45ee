// Deal records as five CRMs' public REST APIs shape them (field names, nesting, value types), as a
// service in front of that CRM would pass them on: where the CRM's own id is not a UUID, the
// service's UUID rides beside it. Each comes with what a salesperson should see.

export interface CrmFixture {
  crm: string;
  record: Record<string, unknown>;
  expected: {
    id: string;
    title: string;
    account: string;
    amount: number;
    currency: string;
    stage: string;
    closeDate: string;
    owner?: string;
  };
}

/** Salesforce REST: a SOQL query row of Opportunity with Account and Owner relationships. */
export const salesforce: CrmFixture = {
  crm: 'salesforce',
  record: {
    attributes: {
      type: 'Opportunity',
      url: '/services/data/v60.0/sobjects/Opportunity/0065g00000Q8xYzAAJ',
    },
    Id: '0065g00000Q8xYzAAJ',
    uuid: '3f0c6a8e-2b1d-4f7a-9c55-1e2d3c4b5a69',
    Name: 'Fabrikam – Fleet telematics rollout',
    AccountId: '0015g00000LmNoPAAV',
    Account: {
      attributes: {
        type: 'Account',
        url: '/services/data/v60.0/sobjects/Account/0015g00000LmNoPAAV',
      },
      Name: 'Fabrikam Logistics',
    },
    StageName: 'Proposal/Price Quote',
    Amount: 184500,
    CurrencyIsoCode: 'EUR',
    CloseDate: '2026-12-18',
    Probability: 60,
    OwnerId: '0055g00000AbCdEAAV',
    Owner: {
      attributes: { type: 'User', url: '/services/data/v60.0/sobjects/User/0055g00000AbCdEAAV' },
      Name: 'Priya Raman',
    },
    Type: 'New Business',
    NextStep: 'Security review with their CISO',
    LastModifiedDate: '2026-11-20T09:14:03.000+0000',
  },
  expected: {
    id: '3f0c6a8e-2b1d-4f7a-9c55-1e2d3c4b5a69',
    title: 'Fabrikam – Fleet telematics rollout',
    account: 'Fabrikam Logistics',
    amount: 184500,
    currency: 'EUR',
    stage: 'Proposal/Price Quote',
    closeDate: '2026-12-18',
    owner: 'Priya Raman',
  },
};

/** HubSpot CRM v3 objects/deals: everything but the ids and timestamps under `properties`, as strings. */
export const hubspot: CrmFixture = {
  crm: 'hubspot',
  record: {
    id: '18235406571',
    serviceId: '9b2e4c1a-7d3f-4e8b-a6c2-5f1e0d9c8b7a',
    properties: {
      amount: '72000.00',
      closedate: '2027-01-30T00:00:00.000Z',
      createdate: '2026-09-02T13:41:22.187Z',
      dealname: 'Contoso Pharma – Field sales assistant',
      dealstage: 'presentationscheduled',
      deal_currency_code: 'USD',
      hs_lastmodifieddate: '2026-11-19T16:03:51.402Z',
      hs_object_id: '18235406571',
      hubspot_owner_id: '51288734',
      pipeline: 'default',
    },
    createdAt: '2026-09-02T13:41:22.187Z',
    updatedAt: '2026-11-19T16:03:51.402Z',
    archived: false,
    // HubSpot deals carry no company (it is an association): the service resolves its name.
    company: { id: '9911234001', name: 'Contoso Pharma' },
  },
  expected: {
    id: '9b2e4c1a-7d3f-4e8b-a6c2-5f1e0d9c8b7a',
    title: 'Contoso Pharma – Field sales assistant',
    account: 'Contoso Pharma',
    amount: 72000,
    currency: 'USD',
    stage: 'presentationscheduled',
    closeDate: '2027-01-30',
  },
};

/** Pipedrive v1 /deals: related records expanded into objects, plus flat `org_name`/`owner_name`. */
export const pipedrive: CrmFixture = {
  crm: 'pipedrive',
  record: {
    id: 4821,
    uuid: 'c7d1e2f3-a4b5-4c6d-8e7f-901a2b3c4d5e',
    creator_user_id: {
      id: 13020971,
      name: 'Jonas Weber',
      email: 'jonas.weber@example.com',
      value: 13020971,
    },
    user_id: {
      id: 13020971,
      name: 'Jonas Weber',
      email: 'jonas.weber@example.com',
      value: 13020971,
    },
    person_id: {
      name: 'Mia Hoffmann',
      email: [{ value: 'mia.hoffmann@example.de', primary: true }],
      value: 877,
    },
    org_id: { name: 'Bergmann Maschinenbau', people_count: 4, owner_id: 13020971, value: 312 },
    stage_id: 3,
    title: 'Bergmann Maschinenbau – Service desk copilot',
    value: 48600,
    currency: 'EUR',
    add_time: '2026-08-14 08:12:40',
    update_time: '2026-11-18 15:27:02',
    status: 'open',
    probability: null,
    expected_close_date: '2026-12-05',
    org_name: 'Bergmann Maschinenbau',
    owner_name: 'Jonas Weber',
    formatted_value: '€48,600',
    weighted_value: 24300,
  },
  expected: {
    id: 'c7d1e2f3-a4b5-4c6d-8e7f-901a2b3c4d5e',
    title: 'Bergmann Maschinenbau – Service desk copilot',
    account: 'Bergmann Maschinenbau',
    amount: 48600,
    currency: 'EUR',
    stage: '3',
    closeDate: '2026-12-05',
    owner: 'Jonas Weber',
  },
};

const FORMATTED = '@OData.Community.Display.V1.FormattedValue';

/** Dynamics 365 Web API opportunities, read with `Prefer: odata.include-annotations="*"`. */
export const dynamics: CrmFixture = {
  crm: 'dynamics',
  record: {
    '@odata.etag': 'W/"4876321"',
    opportunityid: '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
    name: 'Northwind Traders – Quote automation',
    estimatedvalue: 96250,
    [`estimatedvalue${FORMATTED}`]: '£96,250.00',
    estimatedclosedate: '2027-02-26',
    [`estimatedclosedate${FORMATTED}`]: '26/02/2027',
    closeprobability: 40,
    stepname: '2-Develop',
    salesstage: 1,
    [`salesstage${FORMATTED}`]: 'Develop',
    statecode: 0,
    [`statecode${FORMATTED}`]: 'Open',
    _parentaccountid_value: '8b1c2d3e-4f50-ef11-8eea-000d3a4b5c6d',
    [`_parentaccountid_value${FORMATTED}`]: 'Northwind Traders',
    '_parentaccountid_value@Microsoft.Dynamics.CRM.lookuplogicalname': 'account',
    _ownerid_value: '1a2b3c4d-5e6f-ef11-8eea-000d3a4b5c6d',
    [`_ownerid_value${FORMATTED}`]: 'Camille Dubois',
    _transactioncurrencyid_value: '9c8b7a6d-5e4f-ef11-8eea-000d3a4b5c6d',
    [`_transactioncurrencyid_value${FORMATTED}`]: 'Pound Sterling',
    transactioncurrencyid: {
      isocurrencycode: 'GBP',
      currencyname: 'Pound Sterling',
      transactioncurrencyid: '9c8b7a6d-5e4f-ef11-8eea-000d3a4b5c6d',
    },
    modifiedon: '2026-11-21T10:02:44Z',
  },
  expected: {
    id: '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
    title: 'Northwind Traders – Quote automation',
    account: 'Northwind Traders',
    amount: 96250,
    currency: 'GBP',
    stage: 'Develop',
    closeDate: '2027-02-26',
    owner: 'Camille Dubois',
  },
};

/** Zoho CRM v6 Deals: Pascal_Snake keys, lookups as `{ name, id }`. */
export const zoho: CrmFixture = {
  crm: 'zoho',
  record: {
    id: '5725767000001234001',
    service_id: '0e9d8c7b-6a5f-4e3d-b2c1-a0f9e8d7c6b5',
    Deal_Name: 'Tailspin Toys – Retail forecasting pilot',
    Account_Name: { name: 'Tailspin Toys', id: '5725767000000987001' },
    Contact_Name: { name: 'Luis Ortega', id: '5725767000000555001' },
    Stage: 'Negotiation/Review',
    Amount: 31800.5,
    Currency: 'CAD',
    Exchange_Rate: 1,
    Closing_Date: '2026-12-12',
    Probability: 75,
    Owner: { name: 'Alex Morgan', id: '5725767000000321001', email: 'alex.morgan@example.com' },
    Type: 'Existing Business',
    Next_Step: 'Agree on the pilot scope',
    Modified_Time: '2026-11-20T17:45:09+01:00',
    $approval_state: 'approved',
  },
  expected: {
    id: '0e9d8c7b-6a5f-4e3d-b2c1-a0f9e8d7c6b5',
    title: 'Tailspin Toys – Retail forecasting pilot',
    account: 'Tailspin Toys',
    amount: 31800.5,
    currency: 'CAD',
    stage: 'Negotiation/Review',
    closeDate: '2026-12-12',
    owner: 'Alex Morgan',
  },
};

export const CRM_FIXTURES: readonly CrmFixture[] = [salesforce, hubspot, pipedrive, dynamics, zoho];
