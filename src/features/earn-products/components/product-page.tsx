import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_PRODUCT_TYPES, type PageKey, type ProductType } from '../../../../contract/enums'
import { trackEvent } from '../../../lib/analytics/analytics'
import { productPageRequest } from '../../../../contract/product-pages'
import type { HomeSearch } from '../home-search'
import { SECTIONS } from '../sections'
import { PageHeader } from '../../../ui/page-header'
import { HomeBanner } from './home-banner'
import { ProductList } from './product-list'
import { ProductTypePanelLazy } from './product-type-panel-lazy'

/** Pages whose product types need more than a card (spec issue 7, item 2): their own types. */
const PANEL_OF_PAGE: Partial<Record<string, readonly ProductType[]>> = {
  'dual-asset-mining': PAGE_PRODUCT_TYPES['dual-asset-mining'],
  launchpool: PAGE_PRODUCT_TYPES.launchpool,
  'double-win': SECTIONS['double-win'],
  'discount-buy': SECTIONS['discount-buy'],
  'smart-leverage': SECTIONS['smart-leverage'],
}

export function ProductPage({
  pageKey,
  search,
  onSearchChange,
  title,
  productTypes,
  summary,
}: {
  pageKey: PageKey | string
  search?: HomeSearch
  onSearchChange?: (next: Partial<HomeSearch>) => void
  /** Sections outside the page keys name themselves and their product types. */
  title?: string
  productTypes?: readonly ProductType[]
  /** Earn home's "my earn" card for a signed-in user (composed by the route). */
  summary?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  useEffect(() => trackEvent('earn_page_view', { page: pageKey }), [pageKey])
  // The same request the route's loader warmed: by page key, or a section's product types.
  const request = productTypes
    ? { product_types: [...productTypes] }
    : productPageRequest(pageKey as PageKey)
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={title ?? t(`nav.pages.${pageKey}`)}
        // locales/<lng>/pages.json, loaded by the page's route (home has its banner instead).
        intro={i18n.exists(`pageIntro.${pageKey}`) ? t(`pageIntro.${pageKey}`) : undefined}
      />
      {summary}
      {search && <HomeBanner search={search} />}
      <ProductList request={request} search={search} onSearchChange={onSearchChange} />
      {PANEL_OF_PAGE[pageKey] && (
        <ProductTypePanelLazy productTypes={PANEL_OF_PAGE[pageKey]} request={request} />
      )}
    </div>
  )
}
