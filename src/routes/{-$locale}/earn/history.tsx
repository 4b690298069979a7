import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { PositionHistoryPage } from '../../../features/my-earn/components/position-history-page'
import {
  validateHistorySearch,
  type HistorySearch,
} from '../../../features/my-earn/model/history-search'
import { redirectInAppToOrders } from '../../../features/my-earn/model/app-orders-redirect'

/** Closed positions and how each ended (?tab= product family). */
export const Route = createFileRoute('/{-$locale}/earn/history')({
  validateSearch: validateHistorySearch,
  beforeLoad: redirectInAppToOrders,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // The query module is imported here, not at the top: the route config is in the first load.
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ positionHistoryQueryOptions }, { historyFilter }] = await Promise.all([
      import('../../../lib/earn-data/position-history'),
      import('../../../features/my-earn/model/history-product-types'),
      sessionReady(),
      import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('my-earn')),
    ])
    await queryClient.ensureInfiniteQueryData(positionHistoryQueryOptions(historyFilter(deps.tab)))
  },
  component: HistoryRoute,
})

function HistoryRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PositionHistoryPage
      search={search}
      onSearchChange={(next: HistorySearch) => void navigate({ search: next, replace: true })}
    />
  )
}
