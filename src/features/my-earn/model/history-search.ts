/** The history page's tabs, in order: every product family, then the families one by one. */
export const HISTORY_TABS = ['all', 'savings', 'staking', 'dual', 'other'] as const
export type HistoryTab = (typeof HISTORY_TABS)[number]

/** ?tab= selects the family; an unknown value is dropped (runs in the first load: no deps). */
export type HistorySearch = { tab: HistoryTab }

export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  const tab = (HISTORY_TABS as readonly unknown[]).includes(search.tab)
    ? (search.tab as HistoryTab)
    : 'all'
  return { tab }
}
