import { createFileRoute } from '@tanstack/react-router'
import { getHomepageProductCardsQueryOptions } from '../../../features/earn-products/api/get-homepage-product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/discount-buy')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      getHomepageProductCardsQueryOptions(sectionQueryFilter('discount-buy')),
    ),
  component: () => <SectionPage section="discount-buy" />,
})
