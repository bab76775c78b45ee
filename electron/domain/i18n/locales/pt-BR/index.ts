// pt-BR: every area's messages in one catalogue (the areas are split so translators and
// features can work on one part at a time).
import common from './common.json';
import app from './app.json';
import account from './account.json';
import settings from './settings.json';
import usage from './usage.json';
import briefings from './briefings.json';
import notifications from './notifications.json';
import deals from './deals.json';
import runs from './runs.json';
import errors from './errors.json';
import desktop from './desktop.json';
import web from './web.json';
import language from './language.json';
import type { Catalogue } from '../../messages';

const messages = {
  ...common,
  ...app,
  ...account,
  ...settings,
  ...usage,
  ...briefings,
  ...notifications,
  ...deals,
  ...runs,
  ...errors,
  ...desktop,
  ...web,
  ...language,
} satisfies Catalogue;

export default messages;
