import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'
import { validateHomeSearch, type HomeSearch } from '../../../features/earn-products/home-search'

/** /earn and /earn/ show home. */
export const Route = createFileRoute('/{-$locale}/earn/')({
  validateSearch: validateHomeSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(productPageQueryOptions('home')),
  component: HomeRoute,
})

function HomeRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Filters live in the URL so a filtered list can be shared and survives a reload.
  const onSearchChange = (next: Partial<HomeSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })
  return <ProductPage pageKey="home" search={search} onSearchChange={onSearchChange} />
}
