import { useTranslation } from 'react-i18next'
import type { PageKey } from '../../../../contract/enums'
import { productTypesOfPage } from '../api/product-page-query'
import { ProductList } from './product-list'

export function ProductPage({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-700">{t(`nav.pages.${pageKey}`)}</h1>
      <ProductList productTypes={productTypesOfPage(pageKey)} />
    </div>
  )
}
