import { createFileRoute } from '@tanstack/react-router'
import { productPageQueryOptions } from '../../../features/earn-products/api/product-page-query'
import { ProductPage } from '../../../features/earn-products/components/product-page'
import {
  easyEarnAppLink,
  validateEasyEarnSearch,
} from '../../../features/earn-products/easy-earn-redirect'
import { platformStore } from '../../../lib/platform/platform-store'

export const Route = createFileRoute('/{-$locale}/earn/easy-earn')({
  validateSearch: validateEasyEarnSearch,
  // Inside the exchange app the app's own mini-program shows easy-earn (spec §2).
  beforeLoad: ({ search }) => {
    if (platformStore.inApp) location.replace(easyEarnAppLink(search))
  },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(productPageQueryOptions('easy-earn')),
  component: () => <ProductPage pageKey="easy-earn" />,
})
