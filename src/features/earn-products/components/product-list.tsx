import { useSuspenseQuery } from '@tanstack/react-query'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- loadTable's import retries itself
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductCard as ProductCardData } from '../../../../contract/earn.schema'
import { ProductType } from '../../../../contract/enums'
import { GrayReleaseScene } from '../../../../contract/gray-release-scenes'
import {
  productCardsQueryOptions,
  type ProductCardsFilter,
} from '../../../lib/earn-data/product-cards'
import type { HomeSearch } from '../home-search'
import { ProductCard } from './product-card'
import { ProductFilters } from './product-filters'
import { byRisk } from '../../../../contract/product-risk'
import { TimedSuspense } from '../../../ui/timed-suspense'
import { listLayoutNow, useListLayout } from '../model/use-list-layout'
import { importUntilLoaded, lazyUntilLoaded } from '../../../lib/loading/import-until-loaded'

// The desktop table (and the texts it borrows from the product page) loads only where it is
// drawn: phones never download it, and home's first load stays within its budget.
type TableModule = typeof import('./product-table')
let table: Promise<TableModule> | undefined
/** The table once loaded: rendered directly, so a hydrating render never waits a tick for it. */
let loadedTable: Awaited<ReturnType<TableModule['loadProductTable']>>['default'] | undefined
/** The table's code, once, and its texts in the language of now (the server renders many). */
const loadTable = () =>
  (table ??= importUntilLoaded(() => import('./product-table')))
    .then((m) => m.loadProductTable())
    .then((m) => {
      loadedTable = m.default
      return m
    })
const LazyTable = lazy(loadTable)

/**
 * Started by the earn routes' loader where the table is drawn, so it is in before the server's
 * view hydrates: a boundary still waiting for its code when the page updates (a gray-release
 * answer, the Telegram session) would be drawn anew instead of adopted. On a narrow screen a
 * served table is hidden by CSS and leaves the page right after hydration, so it may wait. On
 * the server it also loads the table's texts in the language of each render (a served table
 * in English under Arabic headings was a hydration mismatch); the renderer starts it when
 * loaded, so a first render does not wait for the code within its deadline.
 */
export const preloadProductTable = async (drawn = listLayoutNow() !== 'cards') => {
  if (drawn) await loadTable()
}
const GrayReleaseProbe = lazyUntilLoaded(() => import('./gray-release-probe'))

/** Whether a card passes home's filters; search matches the coin or the type's name. */
function matches(card: ProductCardData, search: HomeSearch, typeName: (t: number) => string) {
  const coin = search.coin ?? search.token
  if (coin && card.coin !== coin) return false
  if (search.type !== undefined && card.product_type !== search.type) return false
  const q = search.search?.toLowerCase()
  return (
    !q ||
    card.coin.toLowerCase().includes(q) ||
    typeName(card.product_type).toLowerCase().includes(q)
  )
}

/**
 * Products lowest risk first, by APR inside a type (the server's order): below 992 px cards
 * grouped by type, from 992 px a sortable table (the served view of a desktop has both, and
 * CSS shows the one for the width: model/use-list-layout.ts).
 */
export function ProductList({
  request,
  search,
  onSearchChange,
}: {
  /** The cards' request: the page's (by page key) or a section's (by product types). */
  request: ProductCardsFilter
  search?: HomeSearch
  onSearchChange?: (next: Partial<HomeSearch>) => void
}) {
  const { t } = useTranslation()
  const layout = useListLayout()
  const ProductTable = loadedTable ?? LazyTable
  const { data } = useSuspenseQuery(productCardsQueryOptions(request))
  const typeName = (type: number) => t(`products.types.${type}`)
  // Gray release (spec §5): structured products and launchpool show only where the stage allows.
  const [structuredOn, setStructuredOn] = useState(false)
  const [launchpoolOn, setLaunchpoolOn] = useState(false)
  const released = data.cards.filter(
    (c) =>
      (c.product_type !== ProductType.StructuredProduct || structuredOn) &&
      (c.product_type !== ProductType.Launch || launchpoolOn),
  )
  const cards = search ? released.filter((c) => matches(c, search, typeName)) : released

  const groups = new Map<ProductType, ProductCardData[]>()
  for (const card of cards)
    groups.set(card.product_type, [...(groups.get(card.product_type) ?? []), card])

  // Lowest risk first (contract/product-risk.ts): flexible savings before anything that can lose principal.
  const ordered = [...groups].sort(([a], [b]) => byRisk(a, b))

  return (
    <div className="flex flex-col gap-6">
      <TimedSuspense>
        <GrayReleaseProbe scene={GrayReleaseScene.StructuredProducts} onResult={setStructuredOn} />
        <GrayReleaseProbe scene={GrayReleaseScene.LaunchpoolShow} onResult={setLaunchpoolOn} />
      </TimedSuspense>
      {search && onSearchChange && (
        <ProductFilters
          search={search}
          coins={[...new Set(released.map((c) => c.coin))]}
          types={[...new Set(released.map((c) => c.product_type))]}
          onChange={onSearchChange}
        />
      )}
      {cards.length === 0 && <p className="text-[var(--earn-hint)]">{t('products.empty')}</p>}
      {layout !== 'cards' && cards.length > 0 && (
        <div className={layout === 'both' ? 'hidden lg:block' : undefined}>
          <Suspense fallback={<div data-testid="product-table-loading" className="min-h-screen" />}>
            <ProductTable cards={ordered.flatMap(([, group]) => group)} />
          </Suspense>
        </div>
      )}
      {layout !== 'table' && cards.length > 0 && (
        <div
          className={layout === 'both' ? 'flex flex-col gap-6 lg:hidden' : 'flex flex-col gap-6'}
        >
          {ordered.map(([type, group]) => (
            <section key={type} aria-labelledby={`group-${type}`}>
              <h2 id={`group-${type}`} className="m-0 mb-3 text-lg font-600">
                {t(`products.types.${type}`)}
              </h2>
              <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                {group.map((card) => (
                  <ProductCard key={card.product_id} card={card} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}
