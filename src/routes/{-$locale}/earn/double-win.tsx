import { createFileRoute } from '@tanstack/react-router'
import { withPageTexts } from '../../../features/earn-products/page-texts'
import { productCardsQueryOptions } from '../../../lib/earn-data/product-cards'
import { SectionPage } from '../../../features/earn-products/components/section-page'
import { sectionQueryFilter } from '../../../features/earn-products/sections'

export const Route = createFileRoute('/{-$locale}/earn/double-win')({
  loader: ({ context }) =>
    withPageTexts(
      context.queryClient.ensureQueryData(
        productCardsQueryOptions(sectionQueryFilter('double-win')),
      ),
    ),
  component: () => <SectionPage section="double-win" />,
})
