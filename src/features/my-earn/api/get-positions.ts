import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  GetPositionsRequest,
  GetPositionsResponse,
} from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getPositions = (filter: GetPositionsRequest) =>
  earnCall<GetPositionsResponse>('get-positions', filter)

export const getPositionsQueryOptions = (filter: GetPositionsRequest = {}) =>
  queryOptions({
    queryKey: ['earn', 'positions', filter],
    queryFn: () => getPositions(filter),
  })

export const usePositions = (filter: GetPositionsRequest = {}) =>
  useQuery(getPositionsQueryOptions(filter))
