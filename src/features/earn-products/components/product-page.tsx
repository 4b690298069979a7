import { useTranslation } from 'react-i18next'
import { PAGE_PRODUCT_TYPES, type PageKey } from '../../../../contract/enums'
import { getHomepageProductCardsQueryOptions } from '../api/get-homepage-product-cards'
import { ProductList } from './product-list'

const typesOf = (pageKey: PageKey) => (pageKey === 'home' ? undefined : PAGE_PRODUCT_TYPES[pageKey])

/** The query a page key's loader warms and its list reads. */
export const productPageQueryOptions = (pageKey: PageKey) => {
  const types = typesOf(pageKey)
  return getHomepageProductCardsQueryOptions(types ? { product_types: [...types] } : {})
}

export function ProductPage({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-700">{t(`nav.pages.${pageKey}`)}</h1>
      <ProductList productTypes={typesOf(pageKey)} />
    </div>
  )
}
