import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { walletRecordsQueryOptions } from '../../../lib/earn-data/wallet-records'
import { WalletRecordsPage } from '../../../features/my-earn/components/wallet-records-page'
import {
  validateWalletRecordsSearch,
  walletRecordsFilter,
  type WalletRecordsSearch,
} from '../../../features/my-earn/model/wallet-records-search'

/** Wallet records with coin, type and date filters in the URL. */
export const Route = createFileRoute('/{-$locale}/earn/wallet-records')({
  validateSearch: validateWalletRecordsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    await Promise.all([
      sessionReady(),
      import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('my-earn')),
    ])
    await queryClient.ensureInfiniteQueryData(walletRecordsQueryOptions(walletRecordsFilter(deps)))
  },
  component: WalletRecordsRoute,
})

function WalletRecordsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = (next: Partial<WalletRecordsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })
  return <WalletRecordsPage search={search} onSearchChange={onSearchChange} />
}
