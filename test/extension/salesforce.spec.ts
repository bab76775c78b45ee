// The walk with the Salesforce profile: Lightning's record pages (15-character ids).
import { walkCrm } from './walk';

walkCrm({
  crm: 'salesforce',
  deal: (id) => `https://acme.lightning.force.com/lightning/r/Opportunity/${id}/view`,
  contact: 'https://acme.lightning.force.com/lightning/r/Contact/003000000000001AAA/view',
  restartMidAnswer: true,
});
