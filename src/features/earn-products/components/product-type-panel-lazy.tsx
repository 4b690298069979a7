import { lazy, Suspense } from 'react'
import type { ProductType } from '../../../../contract/enums'

// Offers, sockets and charts load only on the pages that show them.
const Panel = lazy(() =>
  import('./product-type-panel').then((m) => ({ default: m.ProductTypePanel })),
)

export function ProductTypePanelLazy({ productType }: { productType: ProductType }) {
  return (
    <Suspense fallback={null}>
      <Panel productType={productType} />
    </Suspense>
  )
}
