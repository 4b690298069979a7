import { createFileRoute } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { subscribe } from 'valtio/vanilla'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'
import { validateHomeSearch, type HomeSearch } from '../../../features/earn-products/home-search'
import { sessionStore } from '../../../lib/session/session-store'
import { TimedSuspense } from '../../../ui/timed-suspense'
import { lazyUntilLoaded } from '../../../lib/loading/import-until-loaded'

// Signed-in users only: visitors never download the summary, its queries or its texts.
const MyEarnSummary = lazyUntilLoaded(async () => {
  const [summary] = await Promise.all([
    import('../../../features/my-earn/components/my-earn-summary'),
    import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('my-earn')),
  ])
  return { default: summary.MyEarnSummary }
})

export const Route = createFileRoute('/{-$locale}/earn/home')({
  validateSearch: validateHomeSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(productPageQueryOptions('home')),
  component: HomeRoute,
})

function HomeRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Set when the header's profile call answers; a visitor stays at 0. Reading the store (not
  // the profile query, not valtio/react) keeps the profile client out of the first load.
  const userId = useSyncExternalStore(
    (onChange) => subscribe(sessionStore, onChange),
    () => sessionStore.userId,
    // The server renders for a visitor; so does the hydrating client until the profile answers.
    () => 0,
  )
  // Filters live in the URL so a filtered list can be shared and survives a reload.
  const onSearchChange = (next: Partial<HomeSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })
  return (
    <ProductPage
      pageKey="home"
      search={search}
      onSearchChange={onSearchChange}
      summary={
        userId > 0 ? (
          <TimedSuspense>
            <MyEarnSummary />
          </TimedSuspense>
        ) : null
      }
    />
  )
}
