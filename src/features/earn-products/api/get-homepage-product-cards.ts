import { queryOptions } from '@tanstack/react-query'
import type {
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse,
} from '../../../../contract/earn.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getHomepageProductCards = (filter: GetHomepageProductCardsRequest) =>
  earnCall<GetHomepageProductCardsResponse>('get-homepage-product-cards', filter)

export const getHomepageProductCardsQueryOptions = (filter: GetHomepageProductCardsRequest = {}) =>
  queryOptions({
    queryKey: ['earn', 'homepage-product-cards', filter],
    queryFn: () => getHomepageProductCards(filter),
  })
