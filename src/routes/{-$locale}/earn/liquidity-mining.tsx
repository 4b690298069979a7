import { createFileRoute } from '@tanstack/react-router'
import { ProductType } from '../../../../contract/enums'
import { productPageRequest } from '../../../../contract/product-pages'
import { ProductTypePanelLazy } from '../../../features/earn-products/components/product-type-panel-lazy'
import { LiquidityPage } from '../../../features/liquidity/components/liquidity-page'
import { validateLiquiditySearch } from '../../../features/liquidity/model/liquidity-tabs'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'

const LIQUIDITY_TYPES = [ProductType.Liquidity] as const

export const Route = createFileRoute('/{-$locale}/earn/liquidity-mining')({
  validateSearch: validateLiquiditySearch,
  loader: async ({ context }) => {
    // The product-type facts use the subscribe texts (offer terms, stages).
    // mining and my-liquidity use the my-earn texts (positions, rewards, actions); the tabs
    // and the intro, the pages texts.
    const { loadNamespace } = await import('../../../app/i18n-namespaces')
    await Promise.all([
      loadNamespace('subscribe'),
      loadNamespace('my-earn'),
      loadNamespace('pages'),
    ])
    return context.queryClient.ensureQueryData(productPageQueryOptions('liquidity-mining'))
  },
  component: LiquidityRoute,
})

function LiquidityRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  const request = productPageRequest('liquidity-mining')
  return (
    <LiquidityPage
      tab={tab}
      onTab={(next) => void navigate({ search: { tab: next }, replace: true })}
      // One row per pool (pair, APR, leverage, a way in): no card list beside it (issue 17).
      poolList={<ProductTypePanelLazy productTypes={LIQUIDITY_TYPES} request={request} />}
    />
  )
}
