import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

export type PositionsFilter = EarnRequest<'get-positions'>

/** The user's positions (get-positions); the empty filter's key matches every filtered one. */
export const positionsQueryOptions = (filter: PositionsFilter = {}) =>
  queryOptions({
    queryKey: ['earn', 'positions', filter],
    queryFn: () => earnCall('get-positions', filter),
  })

export const usePositions = (filter: PositionsFilter = {}) =>
  useQuery(positionsQueryOptions(filter))
