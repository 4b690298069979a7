import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/http/api-client'
import { CANDLE_INTERVALS, type CandleInterval } from '../../../../contract/enums'

export { CANDLE_INTERVALS, type CandleInterval }

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
