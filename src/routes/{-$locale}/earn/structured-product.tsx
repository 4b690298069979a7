import { createFileRoute } from '@tanstack/react-router'
import { withPageTexts } from '../../../features/earn-products/page-texts'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/structured-product')({
  loader: ({ context }) =>
    withPageTexts(
      context.queryClient.ensureQueryData(productPageQueryOptions('structured-product')),
    ),
  component: () => <ProductPage pageKey="structured-product" />,
})
