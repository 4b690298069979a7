/** Liquidity mining tabs (spec §2). */
export const LIQUIDITY_TABS = ['pool-list', 'mining', 'swap', 'my-liquidity'] as const
export type LiquidityTab = (typeof LIQUIDITY_TABS)[number]

/** ?tab=… validated: anything else is the pool list. */
export const validateLiquiditySearch = (
  search: Record<string, unknown>,
): { tab: LiquidityTab } => ({
  tab: (LIQUIDITY_TABS as readonly unknown[]).includes(search.tab)
    ? (search.tab as LiquidityTab)
    : 'pool-list',
})
