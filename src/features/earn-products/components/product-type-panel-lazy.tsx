import type { ProductType } from '../../../../contract/enums'
import type { ProductCardsFilter } from '../../../lib/earn-data/product-cards'
import { TimedSuspense } from '../../../ui/timed-suspense'
import { lazyUntilLoaded } from '../../../lib/loading/import-until-loaded'

// Offers, sockets and charts load only on the pages that show them, with the texts they use
// (offer terms and stages live in the subscribe bundle).
const Panel = lazyUntilLoaded(async () => {
  const [panel] = await Promise.all([
    import('./product-type-panel'),
    import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('subscribe')),
  ])
  return { default: panel.ProductTypePanel }
})

export function ProductTypePanelLazy({
  productTypes,
  request,
}: {
  productTypes: readonly ProductType[]
  request?: ProductCardsFilter
}) {
  return (
    <TimedSuspense>
      <Panel productTypes={productTypes} request={request} />
    </TimedSuspense>
  )
}
