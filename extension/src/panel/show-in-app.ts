// "Open in Assistant": the panel asks the app to show the deal or run (`app.show`), which works
// for the desktop app and browser mode alike (an `assistant://` link is answered only where the
// installed app registered the scheme). The app decides how: its window, an open page, or the
// default browser at its own address; the panel is told only where, never an address.
import { outcomeOf } from '../bridge/call';
import { deepLinkToDeal, deepLinkToRun } from './deep-links';
import type { PanelContext, ShowTarget } from './panel-state';

/** Answers of an app from before `app.show`: it refuses the name, so its own link is tried. */
const NOT_KNOWN = new Set(['not_available_to_companion']);

export async function showInApp(ctx: PanelContext, target: ShowTarget): Promise<void> {
  ctx.set({ openError: undefined });
  const answer = await outcomeOf(ctx.call('app.show', target));
  if (answer.ok) return;
  if (NOT_KNOWN.has(answer.error.code)) {
    ctx.openAppLink(
      target.screen === 'deal' ? deepLinkToDeal(target.id) : deepLinkToRun(target.id),
    );
    return;
  }
  ctx.set({ openError: answer.error });
}
