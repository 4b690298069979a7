import { createFileRoute } from '@tanstack/react-router'
import { withPageTexts } from '../../../features/earn-products/page-texts'
import { productCardsQueryOptions } from '../../../lib/earn-data/product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/private-wealth')({
  loader: ({ context }) =>
    withPageTexts(
      context.queryClient.ensureQueryData(
        productCardsQueryOptions(sectionQueryFilter('private-wealth')),
      ),
    ),
  component: () => <SectionPage section="private-wealth" />,
})
