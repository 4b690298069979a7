import { createFileRoute } from '@tanstack/react-router'
import { getHomepageProductCardsQueryOptions } from '../../../features/earn-products/api/get-homepage-product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/pos')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      getHomepageProductCardsQueryOptions(sectionQueryFilter('pos')),
    ),
  component: () => <SectionPage section="pos" />,
})
