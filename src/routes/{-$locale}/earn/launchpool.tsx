import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'

export const Route = createFileRoute('/{-$locale}/earn/launchpool')({
  loader: async ({ context }) => {
    // The product-type facts use the subscribe texts (offer terms, stages); the intro, pages.
    const { loadNamespace } = await import('../../../app/i18n-namespaces')
    await Promise.all([loadNamespace('subscribe'), loadNamespace('pages')])
    return context.queryClient.ensureQueryData(productPageQueryOptions('launchpool'))
  },
  component: () => <ProductPage pageKey="launchpool" />,
})
