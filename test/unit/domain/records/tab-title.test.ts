// The deal's name in a CRM tab's title: each CRM's suffixes, record-type words and form names, in
// the languages the CRMs are used in, taken off; the name itself left whole, separators included.
import { describe, expect, it } from 'vitest';
import { dealNameOfTabTitle, sameDealName } from '../../../../electron/domain/records/tab-title';

// [the tab's title, the deal's name]
const TITLES: [string, string][] = [
  // Salesforce Lightning (record-type word in the user's language) and Classic.
  ['Globex – Q4 expansion | Opportunity | Salesforce', 'Globex – Q4 expansion'],
  ['Acme - 1,200 Widgets | Opportunity | Salesforce', 'Acme - 1,200 Widgets'],
  ['Initech renewal | Salesforce', 'Initech renewal'],
  ['Umbrella: phase 2 | Opportunity | Sales Console | Salesforce', 'Umbrella: phase 2'],
  ['(3) Stark Industries pilot | Opportunity | Salesforce', 'Stark Industries pilot'],
  [
    'Société Générale – Renouvellement | Opportunité | Salesforce',
    'Société Générale – Renouvellement',
  ],
  ['Müller GmbH Rahmenvertrag | Verkaufschance | Salesforce', 'Müller GmbH Rahmenvertrag'],
  ['トヨタ 追加ライセンス | 商談 | Salesforce', 'トヨタ 追加ライセンス'],
  ['أرامكو – توسعة | فرصة | Salesforce', 'أرامكو – توسعة'],
  ['Petrobras expansão | Oportunidade | Salesforce', 'Petrobras expansão'],
  ['Telefónica ampliación | Oportunidad | Salesforce', 'Telefónica ampliación'],
  ['阿里巴巴 续约 | 商机 | Salesforce', '阿里巴巴 续约'],
  ['Opportunity: Wayne Enterprises ~ Salesforce - Enterprise Edition', 'Wayne Enterprises'],
  ['Hooli cloud deal | Opportunity | Lightning Experience', 'Hooli cloud deal'],
  // HubSpot.
  ['Acme Corp - New Deal | HubSpot', 'Acme Corp - New Deal'],
  ['Globex renewal | Deal | HubSpot', 'Globex renewal'],
  ['(2) Initech upsell | HubSpot', 'Initech upsell'],
  ['Deal: Vandelay Industries | HubSpot', 'Vandelay Industries'],
  ['Soylent expansion - HubSpot', 'Soylent expansion'],
  ['Contoso Q1 | Deals | HubSpot', 'Contoso Q1'],
  // Dynamics 365 (record type, form name).
  ['Opportunity: Contoso expansion - Dynamics 365', 'Contoso expansion'],
  [
    'Opportunity: Information: 10 Airpot XL Coffee Makers - Dynamics 365',
    '10 Airpot XL Coffee Makers',
  ],
  ['Verkaufschance: Informationen: Bosch Flottenvertrag - Dynamics 365', 'Bosch Flottenvertrag'],
  ['Opportunité : Informations : Renault – flotte 2027 - Dynamics 365', 'Renault – flotte 2027'],
  ['営業案件: 情報: ソニー 年間契約 - Dynamics 365', 'ソニー 年間契約'],
  ['Opportunity: Sales Insights: Fabrikam - Dynamics 365 Sales', 'Fabrikam'],
  ['Opportunity: Adventure Works - Microsoft Dynamics 365', 'Adventure Works'],
  // Zoho CRM.
  ['Zylker Inc renewal - Zoho CRM', 'Zylker Inc renewal'],
  ['Deals - Zylker Inc renewal - Zoho CRM', 'Zylker Inc renewal'],
  ['Potentials | Acme - services | Zoho CRM', 'Acme - services'],
  ['Affaires - Michelin pneus 2027 - Zoho CRM', 'Michelin pneus 2027'],
  // Pipedrive.
  ['Acme deal - Pipedrive', 'Acme deal'],
  ['Big Co - 50 seats - Pipedrive', 'Big Co - 50 seats'],
  ['(1) Northwind expansion - Pipedrive', 'Northwind expansion'],
  ['Deal: Tailspin Toys | Pipedrive', 'Tailspin Toys'],
  // Titles without the CRM's words stay whole.
  ['Globex – Q4 expansion', 'Globex – Q4 expansion'],
  ['Opportunity cost review', 'Opportunity cost review'],
  ['Deal-room set-up - phase 1', 'Deal-room set-up - phase 1'],
];

describe('the deal’s name in a CRM tab’s title', () => {
  it('has a table of at least 30 titles across the five CRMs', () => {
    expect(TITLES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TITLES)('reads %j as %j', (title, name) => {
    expect(dealNameOfTabTitle(title)).toBe(name);
  });

  it('gives nothing for a CRM page that is only the CRM’s words (a list, not a deal)', () => {
    for (const title of [
      'Deals | HubSpot',
      'Opportunities | Salesforce',
      'Pipedrive',
      'Deals - Zoho CRM',
    ]) {
      expect(dealNameOfTabTitle(title), title).toBe('');
    }
  });
});

describe('comparing deal names as the user reads them', () => {
  it('ignores case, width and accents', () => {
    expect(
      sameDealName('SOCIETE GENERALE – Renouvellement', 'Société Générale – renouvellement'),
    ).toBe(true);
    expect(sameDealName('ＡＣＭＥ Renewal', 'acme renewal')).toBe(true);
    expect(sameDealName('ｿﾆｰ 年間契約', 'ソニー 年間契約', 'ja')).toBe(true);
    expect(sameDealName('Müller  GmbH', 'muller gmbh', 'de')).toBe(true);
  });

  it('tells different names apart, and never takes an empty one', () => {
    expect(sameDealName('Acme renewal', 'Acme renewals')).toBe(false);
    expect(sameDealName('Globex – Q4', 'Globex – Q3')).toBe(false);
    expect(sameDealName('', '')).toBe(false);
  });
});
