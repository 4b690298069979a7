import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { productDetailQueryOptions } from '../../../../lib/earn-data/product-detail'
import { ProductDetailPage } from '../../../../features/subscribe/components/product-detail-page'
import { ProductNotReleased } from '../../../../features/subscribe/components/product-not-released'
import { isNotReleased } from '../../../../lib/earn-data/not-released'
import { RouteError } from '../../../../app/route-error'

/** A product's terms and its subscribe sheet. */
export const Route = createFileRoute('/{-$locale}/earn/product/$productId')({
  loader: async ({ context, params }) => {
    // Imported on demand so the texts' loader stays out of the first load.
    await (await import('../../../../app/i18n-namespaces')).loadNamespace('subscribe')
    return context.queryClient.ensureQueryData(productDetailQueryOptions(params.productId))
  },
  component: ProductRoute,
  errorComponent: ProductRouteError,
})

/** A product not released to this user says so (gray release); other errors retry as usual. */
function ProductRouteError(props: ErrorComponentProps) {
  return isNotReleased(props.error) ? <ProductNotReleased /> : <RouteError {...props} />
}

function ProductRoute() {
  const { productId } = Route.useParams()
  return <ProductDetailPage productId={productId} />
}
