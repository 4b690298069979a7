import { createFileRoute } from '@tanstack/react-router'
import { getHomepageProductCardsQueryOptions } from '../../../features/earn-products/api/get-homepage-product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/private-wealth')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      getHomepageProductCardsQueryOptions(sectionQueryFilter('private-wealth')),
    ),
  component: () => <SectionPage section="private-wealth" />,
})
