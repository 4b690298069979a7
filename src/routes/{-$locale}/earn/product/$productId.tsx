import { useEffect, useRef } from 'react'
import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { sessionStore } from '../../../../lib/session/session-store'
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

/**
 * A product not released to this user says so (gray release); other errors retry as usual.
 * The answer depends on who asks: when the session changes (Telegram's login finishing after
 * the page first asked as a visitor, a login, a logout) the product is asked for again.
 */
function ProductRouteError(props: ErrorComponentProps) {
  const { userId } = useSnapshot(sessionStore)
  const router = useRouter()
  const askedAs = useRef(userId)
  useEffect(() => {
    if (askedAs.current === userId) return
    askedAs.current = userId
    void router.invalidate()
  }, [userId, router])
  return isNotReleased(props.error) ? <ProductNotReleased /> : <RouteError {...props} />
}

function ProductRoute() {
  const { productId } = Route.useParams()
  return <ProductDetailPage productId={productId} />
}
