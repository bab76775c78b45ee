// The panel's store, as the renderer's stores are made (src/features/usage/createUsageStore.ts):
// state and actions built over the dependencies given, the typed `call` first, so the tests build
// the same store over a call of their own. ./store.ts builds it over the real bridge.
import { create } from 'zustand';
import * as answer from './answer-actions';
import * as lookup from './deal-lookup';
import { prepare } from './prepare-action';
import { showInApp } from './show-in-app';
import {
  initialPanelState,
  type PanelContext,
  type PanelDependencies,
  type PanelStore,
} from './panel-state';

export type { PanelDependencies, PanelStore } from './panel-state';

function onReady(ctx: PanelContext): void {
  void lookup.findDeal(ctx);
  void lookup.loadCompanyHosts(ctx);
  void answer.loadAgentsAndUsage(ctx);
  const asked = ctx.get().asked;
  if (asked !== null && !asked.done) void answer.follow(ctx, asked.runId);
}

export function createPanelStore(dependencies: PanelDependencies) {
  return create<PanelStore>((set, get) => {
    const ctx: PanelContext = { ...dependencies, set, get };
    return {
      ...initialPanelState(),
      connectionChanged(connection) {
        set({ connection });
        if (connection.kind === 'ready') onReady(ctx);
      },
      onReady: () => onReady(ctx),
      setTab: (address, title) => lookup.setTab(ctx, address, title),
      pageUnreadable: () => lookup.pageUnreadable(ctx),
      findDeal: () => lookup.findDeal(ctx),
      findByName: (name) => lookup.findByName(ctx, name),
      confirmHost: () => lookup.confirmHost(ctx),
      chooseAgent: (agentId) => answer.chooseAgent(ctx, agentId),
      ask: (message) => answer.ask(ctx, message),
      cancel: () => answer.cancel(ctx),
      retry: () => answer.retry(ctx),
      openRun: (runId, agentId) => answer.openRun(ctx, runId, agentId),
      prepare: () => prepare(ctx),
      showInApp: (target) => showInApp(ctx, target),
      refreshMeeting: () => lookup.refreshMeeting(ctx),
      onRunUpdates: (payload) => answer.onRunUpdates(ctx, payload),
    };
  });
}

export type PanelStoreHook = ReturnType<typeof createPanelStore>;
