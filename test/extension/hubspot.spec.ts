// The walk with the HubSpot profile: a deal is object 0-3 of a portal's records.
import { walkCrm } from './walk';

walkCrm({
  crm: 'hubspot',
  deal: (id) => `https://app.hubspot.com/contacts/4711/record/0-3/${id}`,
  contact: 'https://app.hubspot.com/contacts/4711/record/0-1/51',
});
