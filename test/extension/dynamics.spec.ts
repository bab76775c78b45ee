// The walk with the Dynamics 365 profile: main.aspx with the opportunity's GUID in braces.
import { walkCrm } from './walk';

walkCrm({
  crm: 'dynamics',
  deal: (id) =>
    `https://acme.crm4.dynamics.com/main.aspx?appid=0b1a&pagetype=entityrecord&etn=opportunity&id=${encodeURIComponent(id)}`,
  contact:
    'https://acme.crm4.dynamics.com/main.aspx?pagetype=entityrecord&etn=contact&id=%7B2F9E2C1A-0000-0000-0000-000000000001%7D',
});
