import { WalletRecordType } from '../../../../contract/enums'
import type { WalletRecordsFilter } from '../../../lib/earn-data/wallet-records'

export const WALLET_RECORD_TYPES = Object.values(WalletRecordType)

/** Filters of the wallet records page, in the URL so a filtered list survives a reload. */
export type WalletRecordsSearch = {
  coin?: string
  type?: WalletRecordType
  /** First day, YYYY-MM-DD (UTC). */
  from?: string
  /** Last day, YYYY-MM-DD (UTC), included. */
  to?: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** Midnight UTC of a YYYY-MM-DD day in unix seconds (no dayjs: this runs in the first load). */
const utcDayStart = (v: string) =>
  Date.UTC(+v.slice(0, 4), +v.slice(5, 7) - 1, +v.slice(8, 10)) / 1000
const day = (v: unknown) =>
  typeof v === 'string' &&
  DAY.test(v) &&
  new Date(utcDayStart(v) * 1000).toISOString().slice(0, 10) === v
    ? v
    : undefined

/** Unknown values are dropped; a reversed range is put the right way round. */
export function validateWalletRecordsSearch(search: Record<string, unknown>): WalletRecordsSearch {
  const coin =
    typeof search.coin === 'string' && /^[A-Za-z0-9]{1,20}$/.test(search.coin)
      ? search.coin.toUpperCase()
      : undefined
  const type = (WALLET_RECORD_TYPES as readonly unknown[]).includes(search.type)
    ? (search.type as WalletRecordType)
    : undefined
  let from = day(search.from)
  let to = day(search.to)
  if (from && to && from > to) [from, to] = [to, from]
  const out: WalletRecordsSearch = { coin, type, from, to }
  return Object.fromEntries(
    Object.entries(out).filter(([, v]) => v !== undefined),
  ) as WalletRecordsSearch
}

/** The server's filter: whole UTC days, the last one included to its final second. */
export function walletRecordsFilter(search: WalletRecordsSearch): WalletRecordsFilter {
  return {
    ...(search.coin ? { coin: search.coin } : {}),
    ...(search.type ? { types: [search.type] } : {}),
    ...(search.from ? { start_time: utcDayStart(search.from) } : {}),
    ...(search.to ? { end_time: utcDayStart(search.to) + 86_400 - 1 } : {}),
  }
}
