import { createFileRoute } from '@tanstack/react-router'
import { useProfile } from '../../../features/auth/api/get-profile'
import { sessionReady } from '../../../features/auth/session-ready'
import { SettingsPage } from '../../../features/settings/components/settings-page'

/** /earn/settings: language, hide balances, bot notifications, biometric confirmation. */
export const Route = createFileRoute('/{-$locale}/earn/settings')({
  // Inside Telegram the automatic login must finish before the first private call.
  loader: async () => {
    await Promise.all([
      sessionReady(),
      import('../../../app/i18n-namespaces').then((m) => m.loadNamespace('settings')),
    ])
  },
  component: SettingsRoute,
})

function SettingsRoute() {
  const { data: profile, isPending } = useProfile()
  return <SettingsPage loggedIn={isPending ? undefined : !!profile} />
}
