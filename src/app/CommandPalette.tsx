// Ctrl/Cmd+K: jump to a screen, a deal or an agent by typing. A combobox with a listbox of
// options, driven by the keyboard (arrows, Home/End, Enter; Esc closes).
import { useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useSettledEnter } from '../platform/useSettledEnter';
import type { KeyboardEvent } from 'react';
import { humanizeEnum } from '../lib/format';
import { buildIndex, search } from '../lib/search';
import { screens } from '../lib/routes';
import type { Route } from '../lib/routes';
import { useAgents } from '../features/agents';
import { useDeals } from '../features/deals';
import { Dialog } from '../ui/Dialog';
import { focusWhenShown, openAndFocus, pageHeading } from '../platform/focusWhenShown';
import { navigate, useRouter } from '../platform/router';
import { toast } from '../platform/toasts';
import { useUi } from './ui-store';
import { focusDealSearch } from '../platform/dealSearchFocus';
import { dropHeldKeys, heldComposing, onHeldComposing, takeHeldKeys } from '../platform/heldKeys';
import { useT } from '../platform/i18n';
import type { MessageId } from '../../electron/domain/i18n/messages';

type Group = 'screens' | 'deals' | 'agents';
const GROUPS: Group[] = ['screens', 'deals', 'agents'];
const groupNames = {
  screens: 'app.palette.groupScreens',
  deals: 'app.palette.groupDeals',
  agents: 'app.palette.groupAgents',
} as const satisfies Record<Group, MessageId>;

interface Item {
  id: string;
  group: Group;
  /** The group's name in the language in use: searched too ("agents" lists them all). */
  groupName: string;
  title: string;
  subtitle?: string;
  run(): void;
}

const MAX_PER_GROUP = 8;

function useItems(): Item[] {
  const deals = useDeals((s) => s.list.value);
  const agents = useAgents((s) => s.agents.value);
  const t = useT();
  return useMemo(() => {
    const items: Item[] = screens.map((s) => ({
      id: `screen:${s.name}`,
      group: 'screens',
      groupName: t(groupNames.screens),
      title: t(s.label),
      subtitle: `G ${s.key.toUpperCase()}`,
      run: () => {
        navigate({ name: s.name });
        if (s.name === 'deals') focusDealSearch();
        else focusWhenShown(pageHeading(t(s.label)));
      },
    }));
    for (const deal of deals ?? []) {
      const subtitle =
        [deal.account, deal.stage ? humanizeEnum(deal.stage) : undefined]
          .filter(Boolean)
          .join(' · ') || deal.subtitle;
      items.push({
        id: `deal:${deal.id}`,
        group: 'deals',
        groupName: t(groupNames.deals),
        title: deal.title,
        ...(subtitle ? { subtitle } : {}),
        run: () => openAndFocus({ name: 'deals', dealId: deal.id }),
      });
    }
    for (const agent of agents ?? []) {
      items.push({
        id: `agent:${agent.id}`,
        group: 'agents',
        groupName: t(groupNames.agents),
        title: agent.title,
        subtitle: agent.subtitle ?? agent.id,
        run: () => {
          useDeals.getState().rememberAgent(agent.id);
          const route: Route = useRouter.getState().route;
          if (route.name === 'deals' && route.dealId) {
            useDeals.getState().editDraft(route.dealId, { agentId: agent.id });
            // The agent is set: what is left is the question.
            focusWhenShown(() => document.querySelector<HTMLElement>('main .ask textarea'));
          } else {
            navigate({ name: 'deals' });
            focusDealSearch();
            toast(
              t('app.palette.agentChosen', { agent: agent.title }),
              t('app.palette.agentChosenHint'),
            );
          }
        },
      });
    }
    return items;
  }, [deals, agents, t]);
}

/** What `query` finds among `items`: at most MAX_PER_GROUP of each group, in the groups' order. */
function useGroupedResults(items: Item[], query: string): Array<{ group: Group; items: Item[] }> {
  const index = useMemo(
    () =>
      buildIndex(items, [
        { get: (i) => i.title, weight: 3 },
        { get: (i) => i.subtitle, weight: 1 },
        { get: (i) => i.groupName, weight: 0.5 },
      ]),
    [items],
  );
  const results = useMemo(() => {
    const found = search(index, query);
    const perGroup = new Map<string, number>();
    return found.filter((item) => {
      const n = perGroup.get(item.group) ?? 0;
      perGroup.set(item.group, n + 1);
      return n < MAX_PER_GROUP;
    });
  }, [index, query]);
  return useMemo(
    () =>
      GROUPS.map((group) => ({ group, items: results.filter((r) => r.group === group) })).filter(
        (g) => g.items.length > 0,
      ),
    [results],
  );
}

/** Arrows, Home/End and Enter over the options, the focus staying in the search field. */
function paletteKeys(
  flat: Item[],
  current: number,
  setActive: (index: number) => void,
  choose: (item: Item | undefined) => void,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const last = flat.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(current >= last ? 0 : current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(current <= 0 ? last : current - 1);
        break;
      case 'Home':
        if (event.ctrlKey || flat.length === 0) break;
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        if (event.ctrlKey || flat.length === 0) break;
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
        event.preventDefault();
        choose(flat[current]);
        break;
    }
  };
}

interface OptionsProps {
  listId: string;
  grouped: Array<{ group: Group; items: Item[] }>;
  activeId: string | undefined;
  optionId: (item: Item) => string;
  /** The query the options were found for, to say that nothing matches it. */
  query: string;
  onHover: (item: Item) => void;
  onChoose: (item: Item) => void;
}

/** The options found, under their groups' names. */
function PaletteOptions({ listId, grouped, activeId, optionId, query, ...on }: OptionsProps) {
  const t = useT();
  return (
    <div id={listId} role="listbox" aria-label={t('app.palette.results')} className="palette-list">
      {grouped.length === 0 ? (
        <p className="palette-empty subtle">{t('app.palette.noMatch', { query })}</p>
      ) : null}
      {grouped.map((g) => (
        <div key={g.group} role="group" aria-label={t(groupNames[g.group])}>
          <div className="palette-group" aria-hidden="true">
            {t(groupNames[g.group])}
          </div>
          {g.items.map((item) => {
            const selected = activeId === item.id;
            return (
              <div
                key={item.id}
                id={optionId(item)}
                role="option"
                aria-selected={selected}
                className={`palette-option${selected ? ' is-active' : ''}`}
                onMouseMove={() => on.onHover(item)}
                onClick={() => on.onChoose(item)}
              >
                {/* Cut short with an ellipsis in a narrow window: the whole text in the title. */}
                <span className="palette-title" title={item.title}>
                  {item.title}
                </span>
                {item.subtitle ? (
                  <span className="palette-sub subtle" title={item.subtitle}>
                    {item.subtitle}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Whether the options are those for `query` (the deals among them read): Enter waits for them. */
function useSettled(query: string, deferred: string): boolean {
  const deals = useDeals((s) => s.list);
  const dealsRead = deals.value !== undefined || (deals.error !== undefined && !deals.loading);
  return query === deferred && dealsRead;
}

function Palette({ onClose }: { onClose: () => void }) {
  const t = useT();
  const items = useItems();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [active, setActive] = useState(0);
  const settled = useSettled(query, deferred);
  const listId = useId();
  const grouped = useGroupedResults(items, deferred);
  const flat = grouped.flatMap((g) => g.items);
  const current = Math.min(active, Math.max(0, flat.length - 1));

  const choose = (item: Item | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };
  const enter = useSettledEnter(settled, () => choose(flat[current]));
  // What was typed since Ctrl+K while the palette's code loaded (see heldKeys.ts), taken the
  // moment the field has focus: from then on the keys reach it themselves.
  const takeHeld = () => {
    const held = takeHeldKeys('palette');
    if (held === undefined) return;
    if (held.text !== '') {
      setQuery(held.text);
      setActive(0);
      if (held.enter) enter.pressAfterUpdate();
    } else if (held.enter) enter.press();
  };
  const onKeyDown = paletteKeys(flat, current, setActive, () => enter.press());

  const optionId = (item: Item) => `${listId}-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const activeItem = flat[current];
  return (
    <div className="palette">
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
        aria-label={t('app.palette.search')}
        placeholder={t('app.palette.placeholder')}
        data-autofocus
        onFocus={takeHeld}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <PaletteOptions
        {...{ listId, grouped, optionId }}
        activeId={activeItem?.id}
        query={deferred}
        onHover={(item) => setActive(flat.indexOf(item))}
        onChoose={choose}
      />
      <div className="palette-foot subtle" aria-hidden="true">
        {t('app.palette.keys')}
      </div>
    </div>
  );
}

export function CommandPalette() {
  const t = useT();
  // Opened (and its field focused) once an input method's composition in what holds the keys
  // typed since Ctrl+K has ended: moving focus during one would type it twice (see heldKeys.ts).
  const composing = useSyncExternalStore(onHeldComposing, heldComposing);
  const open = useUi((s) => s.paletteOpen) && !composing;
  const close = () => {
    dropHeldKeys();
    useUi.getState().setPalette(false);
  };
  return (
    <Dialog open={open} onClose={close} label={t('app.palette.label')} className="dialog-palette">
      <Palette onClose={close} />
    </Dialog>
  );
}
