import Decimal from 'decimal.js'
import type {
  AccountBalance,
  GetAssetsSummaryV2Response,
} from '../../../../contract/earn-account.schema'
import { AccountType } from '../../../../contract/enums'
import { STABLE_COINS } from '../../../lib/tickers/tickers'

/** Accounts shown per coin, in this order; EARN is principal plus claimable yield. */
export const ACCOUNT_COLUMNS = [
  AccountType.EARN,
  AccountType.FUNDING,
  AccountType.SPOT,
  AccountType.UTA,
] as const
export type AccountColumn = (typeof ACCOUNT_COLUMNS)[number]

export type CoinHolding = {
  coin: string
  amounts: Record<AccountColumn, string>
  total: string
  usdPrice: string
  usdValue: string
}

/**
 * Per coin, the amount in each account and its USD value. Prices: the live spot quote when
 * one has arrived, else the price the server valued the summary with.
 */
export function coinHoldings(
  summary: GetAssetsSummaryV2Response | undefined,
  balances: readonly AccountBalance[] | undefined,
  livePrices: Readonly<Record<string, string>>,
): CoinHolding[] {
  const byCoin = new Map<string, Record<AccountColumn, Decimal>>()
  const row = (coin: string) => {
    let r = byCoin.get(coin)
    if (!r) {
      r = Object.fromEntries(ACCOUNT_COLUMNS.map((a) => [a, new Decimal(0)])) as Record<
        AccountColumn,
        Decimal
      >
      byCoin.set(coin, r)
    }
    return r
  }
  for (const c of summary?.coins ?? [])
    row(c.coin)[AccountType.EARN] = new Decimal(c.principal).plus(c.claimable_yield)
  for (const b of balances ?? []) {
    if (b.account_type === AccountType.EARN) continue
    const r = row(b.coin)
    r[b.account_type] = r[b.account_type].plus(b.balance)
  }
  const serverPrices = new Map((summary?.coins ?? []).map((c) => [c.coin, c.usd_price]))
  return [...byCoin.entries()]
    .map(([coin, amounts]) => {
      const total = ACCOUNT_COLUMNS.reduce((s, a) => s.plus(amounts[a]), new Decimal(0))
      const usdPrice = livePrices[coin] ?? serverPrices.get(coin) ?? (isStable(coin) ? '1' : '0')
      return {
        coin,
        amounts: Object.fromEntries(
          ACCOUNT_COLUMNS.map((a) => [a, amounts[a].toFixed()]),
        ) as Record<AccountColumn, string>,
        total: total.toFixed(),
        usdPrice,
        usdValue: total.times(usdPrice).toFixed(),
      }
    })
    .filter((h) => !new Decimal(h.total).isZero())
    .sort((a, b) => new Decimal(b.usdValue).cmp(a.usdValue))
}

/** Stable coins are priced at 1 (spec §9). */
export const isStable = (coin: string) => STABLE_COINS.includes(coin)

/** USD value per account and overall. */
export function accountTotals(holdings: readonly CoinHolding[]) {
  const perAccount = Object.fromEntries(
    ACCOUNT_COLUMNS.map((a) => [
      a,
      holdings
        .reduce((s, h) => s.plus(new Decimal(h.amounts[a]).times(h.usdPrice)), new Decimal(0))
        .toFixed(),
    ]),
  ) as Record<AccountColumn, string>
  const total = holdings.reduce((s, h) => s.plus(h.usdValue), new Decimal(0)).toFixed()
  return { perAccount, total }
}
