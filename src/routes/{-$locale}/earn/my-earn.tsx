import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { getAssetsSummaryQueryOptions } from '../../../features/my-earn/api/get-assets-summary'
import { getPositionsQueryOptions } from '../../../features/my-earn/api/get-positions'
import { getUserBalancesQueryOptions } from '../../../features/my-earn/api/get-user-balances'
import { MyEarnPage } from '../../../features/my-earn/components/my-earn-page'

/** The logged-in side: assets, PnL, positions, auto-savings. */
export const Route = createFileRoute('/{-$locale}/earn/my-earn')({
  loader: async ({ context: { queryClient } }) => {
    // Inside Telegram the automatic login must finish before the first private call.
    await Promise.all([
      sessionReady(),
      import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('my-earn')),
    ])
    await Promise.all([
      queryClient.ensureQueryData(getAssetsSummaryQueryOptions()),
      queryClient.ensureQueryData(getUserBalancesQueryOptions()),
      queryClient.ensureQueryData(getPositionsQueryOptions()),
    ])
  },
  component: MyEarnPage,
})
