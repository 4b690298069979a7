import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/http/api-client'

/** Candle intervals of spec §3. */
export const CANDLE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]
export type Candle = { t: number; o: string; h: string; l: string; c: string }

export const getKlines = (symbol: string, interval: CandleInterval) =>
  apiRequest<{ list: Candle[] }>('GET', '/spot/api/quote/v1/kline', { symbol, interval, limit: 60 })

export const getKlinesQueryOptions = (symbol: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: ['market', 'klines', symbol, interval],
    queryFn: () => getKlines(symbol, interval),
  })

export const useKlines = (symbol: string, interval: CandleInterval) =>
  useQuery(getKlinesQueryOptions(symbol, interval))
