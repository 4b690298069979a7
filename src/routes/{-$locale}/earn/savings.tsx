import { createFileRoute } from '@tanstack/react-router'
import { withPageTexts } from '../../../features/earn-products/page-texts'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/savings')({
  loader: ({ context }) =>
    withPageTexts(context.queryClient.ensureQueryData(productPageQueryOptions('savings'))),
  component: () => <ProductPage pageKey="savings" />,
})
