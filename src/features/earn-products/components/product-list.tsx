import { useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ProductType } from '../../../../contract/enums'
import { getHomepageProductCardsQueryOptions } from '../api/get-homepage-product-cards'
import { ProductCard } from './product-card'

/** Product cards grouped by product type, in the order the server ranked them (by APR). */
export function ProductList({ productTypes }: { productTypes?: readonly ProductType[] }) {
  const { t } = useTranslation()
  const filter = productTypes ? { product_types: [...productTypes] } : {}
  const { data } = useSuspenseQuery(getHomepageProductCardsQueryOptions(filter))
  if (data.cards.length === 0)
    return <p className="text-[var(--earn-hint)]">{t('products.empty')}</p>

  const groups = new Map<ProductType, typeof data.cards>()
  for (const card of data.cards)
    groups.set(card.product_type, [...(groups.get(card.product_type) ?? []), card])

  return (
    <div className="flex flex-col gap-6">
      {[...groups].map(([type, cards]) => (
        <section key={type} aria-labelledby={`group-${type}`}>
          <h2 id={`group-${type}`} className="m-0 mb-3 text-lg font-600">
            {t(`products.types.${type}`)}
          </h2>
          <div className="grid gap-3 grid-cols-1 md:grid-cols-2 xl:grid-cols-3">
            {cards.map((card) => (
              <ProductCard key={card.product_id} card={card} />
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
