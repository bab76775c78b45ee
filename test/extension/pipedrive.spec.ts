// The walk with the Pipedrive profile: each company's host, `/deal/<id>`; and the pages that try to
// make the panel show a deal the tab is not showing (another company's host among them).
import { FOREIGN_PIPEDRIVE_HOST } from './browser';
import { walkCrm } from './walk';

walkCrm({
  crm: 'pipedrive',
  deal: (id) => `https://acme.pipedrive.com/deal/${id}`,
  contact: 'https://acme.pipedrive.com/person/12',
  hostilePages: {
    foreignHost: FOREIGN_PIPEDRIVE_HOST,
    foreignDeal: (id) => `https://${FOREIGN_PIPEDRIVE_HOST}/deal/${id}`,
  },
});
