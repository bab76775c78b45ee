// "Open in Assistant" from the browser companion (`app.show`): the deal or run shown where the
// user works with the app. The host decides how (BackendOptions.showInApp): the desktop app
// brings its window forward there; browser mode tells its open pages or opens the default
// browser at its own address. Without one, the pages hear the `navigate` event.
import type { Navigate, ShowInAppInput, ShownInApp } from '../../../contract';
import type { Handlers } from '../dispatcher';

export type ShowInAppRequest = 'app.show';

export function navigateTo(target: ShowInAppInput): Navigate {
  return target.screen === 'deal'
    ? { screen: 'deals', id: target.id }
    : { screen: 'runs', id: target.id };
}

export function createShowInAppHandler(options: {
  showInApp?: ((target: Navigate) => Promise<ShownInApp['shown']>) | undefined;
  emitNavigate: (target: Navigate) => void;
}): Pick<Handlers, ShowInAppRequest> {
  return {
    'app.show': async (input) => {
      const target = navigateTo(input);
      if (options.showInApp !== undefined) return { shown: await options.showInApp(target) };
      options.emitNavigate(target);
      return { shown: 'page' };
    },
  };
}
