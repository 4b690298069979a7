import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../features/earn-products/api/product-page-query'
import { ProductPage } from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/launchpool')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(productPageQueryOptions('launchpool')),
  component: () => <ProductPage pageKey="launchpool" />,
})
