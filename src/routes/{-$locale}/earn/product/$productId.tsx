import { createFileRoute } from '@tanstack/react-router'
import { productDetailQueryOptions } from '../../../../lib/earn-data/product-detail'
import { ProductDetailPage } from '../../../../features/subscribe/components/product-detail-page'

/** A product's terms and its subscribe sheet. */
export const Route = createFileRoute('/{-$locale}/earn/product/$productId')({
  loader: async ({ context, params }) => {
    // Imported on demand so the texts' loader stays out of the first load.
    await (await import('../../../../app/i18n-namespaces')).loadNamespace('subscribe')
    return context.queryClient.ensureQueryData(productDetailQueryOptions(params.productId))
  },
  component: ProductRoute,
})

function ProductRoute() {
  const { productId } = Route.useParams()
  return <ProductDetailPage productId={productId} />
}
