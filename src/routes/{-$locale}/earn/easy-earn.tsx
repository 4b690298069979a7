import { createFileRoute } from '@tanstack/react-router'
import {
  ProductPage,
  productPageQueryOptions,
} from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/easy-earn')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(productPageQueryOptions('easy-earn')),
  component: () => <ProductPage pageKey="easy-earn" />,
})
