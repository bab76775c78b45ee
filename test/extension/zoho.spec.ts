// The walk with the Zoho CRM profile: `/crm/org<org>/tab/Potentials/<id>` (EU data centre).
import { walkCrm } from './walk';

walkCrm({
  crm: 'zoho',
  deal: (id) => `https://crm.zoho.eu/crm/org20071234/tab/Potentials/${id}`,
  contact: 'https://crm.zoho.eu/crm/org20071234/tab/Contacts/5725767000000412001',
});
