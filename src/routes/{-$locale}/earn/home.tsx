import { createFileRoute } from '@tanstack/react-router'
import {
  ProductPage,
  productPageQueryOptions,
} from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/home')({
  loader: ({ context }) => context.queryClient.ensureQueryData(productPageQueryOptions('home')),
  component: () => <ProductPage pageKey="home" />,
})
