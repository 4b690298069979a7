import { createFileRoute } from '@tanstack/react-router'
import { getHomepageProductCardsQueryOptions } from '../../../features/earn-products/api/get-homepage-product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/smart-leverage')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      getHomepageProductCardsQueryOptions(sectionQueryFilter('smart-leverage')),
    ),
  component: () => <SectionPage section="smart-leverage" />,
})
