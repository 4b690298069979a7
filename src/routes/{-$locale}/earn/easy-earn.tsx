import { createFileRoute } from '@tanstack/react-router'
import { withPageTexts } from '../../../features/earn-products/page-texts'
import { productPageQueryOptions } from '../../../lib/earn-data/product-cards'
import { ProductPage } from '../../../features/earn-products/components/product-page'
import { validateEasyEarnSearch } from '../../../features/earn-products/easy-earn-search'
import { platformStore } from '../../../lib/platform/platform-store'

export const Route = createFileRoute('/{-$locale}/earn/easy-earn')({
  validateSearch: validateEasyEarnSearch,
  // Inside the exchange app the app's own mini-program shows easy-earn (spec §2); the link
  // table loads only there.
  beforeLoad: async ({ search }) => {
    if (!platformStore.inApp) return
    const { easyEarnAppLink } = await import('../../../features/earn-products/easy-earn-redirect')
    location.replace(easyEarnAppLink(search))
  },
  loader: ({ context }) =>
    withPageTexts(context.queryClient.ensureQueryData(productPageQueryOptions('easy-earn'))),
  component: () => <ProductPage pageKey="easy-earn" />,
})
