import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { OrdersPage } from '../../../features/my-earn/components/orders-page'
import {
  validateOrdersSearch,
  type OrdersSearch,
} from '../../../features/my-earn/model/orders-search'
import { redirectInAppToOrders } from '../../../features/my-earn/model/app-orders-redirect'

/** Earn orders by status (?status=) with one order's detail (?order=). */
export const Route = createFileRoute('/{-$locale}/earn/orders')({
  validateSearch: validateOrdersSearch,
  beforeLoad: redirectInAppToOrders,
  loaderDeps: ({ search }) => ({ status: search.status }),
  // The query module is imported here, not at the top: the route config is in the first load.
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ ordersQueryOptions }] = await Promise.all([
      import('../../../lib/earn-data/orders'),
      sessionReady(),
      import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('my-earn')),
    ])
    await queryClient.ensureInfiniteQueryData(ordersQueryOptions({ status: deps.status }))
  },
  component: OrdersRoute,
})

function OrdersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <OrdersPage
      search={search}
      onSearchChange={(next: OrdersSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
