// The five CRMs by the names their makers give them, through the catalogues like every word.
import type { MessageId } from '../../../electron/domain/i18n/messages';
import type { AddressProblem } from '../custom-domains/address';
import type { CrmName } from '../deal-address';

export const CRM_WORDS: Record<CrmName, MessageId> = {
  salesforce: 'options.crm.salesforce',
  dynamics: 'options.crm.dynamics',
  hubspot: 'options.crm.hubspot',
  pipedrive: 'options.crm.pipedrive',
  zoho: 'options.crm.zoho',
};

export const PROBLEM_WORDS: Record<AddressProblem, MessageId> = {
  empty: 'options.problem.empty',
  notHttps: 'options.problem.notHttps',
  notAnAddress: 'options.problem.notAnAddress',
  wildcard: 'options.problem.wildcard',
  ipAddress: 'options.problem.ipAddress',
  publicCrm: 'options.problem.publicCrm',
};
