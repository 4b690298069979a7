import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../features/earn-products/api/product-page-query'
import { LiquidityPage } from '../../../features/earn-products/components/liquidity-page'
import { validateLiquiditySearch } from '../../../features/earn-products/liquidity-tabs'

export const Route = createFileRoute('/{-$locale}/earn/liquidity-mining')({
  validateSearch: validateLiquiditySearch,
  loader: async ({ context }) => {
    // The product-type facts use the subscribe texts (offer terms, stages).
    // mining and my-liquidity use the my-earn texts (positions, rewards, actions).
    const { loadNamespace } = await import('../../../app/i18n-namespaces')
    await Promise.all([loadNamespace('subscribe'), loadNamespace('my-earn')])
    return context.queryClient.ensureQueryData(productPageQueryOptions('liquidity-mining'))
  },
  component: LiquidityRoute,
})

function LiquidityRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <LiquidityPage
      tab={tab}
      onTab={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
