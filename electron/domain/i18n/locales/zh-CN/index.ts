// zh-CN: every area's messages in one catalogue (the areas are split so translators and
// features can work on one part at a time).
import common from './common.json' with { type: 'json' };
import app from './app.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import usage from './usage.json' with { type: 'json' };
import briefings from './briefings.json' with { type: 'json' };
import notifications from './notifications.json' with { type: 'json' };
import deals from './deals.json' with { type: 'json' };
import runs from './runs.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import desktop from './desktop.json' with { type: 'json' };
import web from './web.json' with { type: 'json' };
import language from './language.json' with { type: 'json' };
import panel from './panel.json' with { type: 'json' };
import options from './options.json' with { type: 'json' };
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
  ...panel,
  ...options,
} satisfies Catalogue;

export default messages;
