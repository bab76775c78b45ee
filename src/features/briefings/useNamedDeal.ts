// A meeting that names no deal id, linked to the deal its title names (electron/domain/briefings/deal-in-title.ts), so the
// card and "Up next" offer the deal and Prepare for it, saying the link was made by name.
import { useMemo } from 'react';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { dealNamedIn } from '../../../electron/domain/briefings/deal-in-title';
import { useTranslator } from '../../platform/i18n';
import { useDeals } from '../deals';

export interface NamedDeal {
  dealId: string;
  dealName: string;
}

/** The deal the meeting's title names, when the briefing gives no deal id; else undefined. */
export function useNamedDeal(meeting: MeetingInfo | undefined): NamedDeal | undefined {
  const { locale } = useTranslator();
  // The deals the picker holds (up to 2,000): a deal beyond them is not matched, never guessed.
  const deals = useDeals((s) => s.list.value);
  const title = meeting?.dealId === undefined ? meeting?.title : undefined;
  return useMemo(() => {
    const deal = dealNamedIn(title, deals ?? [], locale);
    return deal === undefined ? undefined : { dealId: deal.id, dealName: deal.title };
  }, [title, deals, locale]);
}
