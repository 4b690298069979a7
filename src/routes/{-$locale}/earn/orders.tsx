import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { OrdersPage } from '../../../features/my-earn/components/orders-page'
import {
  validateOrdersSearch,
  type OrdersSearch,
} from '../../../features/my-earn/model/orders-search'
import { platformStore } from '../../../lib/platform/platform-store'

/** Earn orders by status (?status=) with one order's detail (?order=). */
export const Route = createFileRoute('/{-$locale}/earn/orders')({
  validateSearch: validateOrdersSearch,
  // Inside the exchange app, order lists are the app's assets screen, tab 3 (the deep-link
  // table's /earn/orders rule); the table loads only there, not in the first load.
  beforeLoad: async () => {
    if (!platformStore.inApp) return
    const { appLink, ORDERS_APP_SCREEN } = await import('../../../lib/deep-links/app-deep-links')
    location.replace(appLink(ORDERS_APP_SCREEN))
  },
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
