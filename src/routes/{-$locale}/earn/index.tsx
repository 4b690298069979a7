import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../features/earn-products/api/product-page-query'
import { ProductPage } from '../../../features/earn-products/components/product-page'

/** /earn and /earn/ show home. */
export const Route = createFileRoute('/{-$locale}/earn/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(productPageQueryOptions('home')),
  component: () => <ProductPage pageKey="home" />,
})
