// The walk with the Pipedrive profile: each company's host, `/deal/<id>`.
import { walkCrm } from './walk';

walkCrm({
  crm: 'pipedrive',
  deal: (id) => `https://acme.pipedrive.com/deal/${id}`,
  contact: 'https://acme.pipedrive.com/person/12',
});
