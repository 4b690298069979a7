import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { assetsSummaryQueryOptions } from '../../../lib/earn-data/assets-summary'
import { positionsQueryOptions } from '../../../lib/earn-data/positions'
import { userBalancesQueryOptions } from '../../../lib/earn-data/balances'
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
      queryClient.ensureQueryData(assetsSummaryQueryOptions()),
      queryClient.ensureQueryData(userBalancesQueryOptions()),
      queryClient.ensureQueryData(positionsQueryOptions()),
    ])
  },
  component: MyEarnPage,
})
