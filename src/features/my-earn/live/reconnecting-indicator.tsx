import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Route as RootRoute } from '../../../routes/__root'
import { connectionStore } from './connection-store'

// The error and not-found screens are their own chunks (routes/__root.tsx), asked for when
// something fails, often the network. One first asked for while the server is unreachable
// cannot load: it is asked for again until it does (importUntilLoaded), but the user would see
// nothing until then (e2e/resilience.spec.ts). This notice is the part of every earn page that
// is about the server going away, and it loads after the first paint, so both screens load with
// it (no byte of them in the first load).
for (const screen of [RootRoute.options.errorComponent, RootRoute.options.notFoundComponent])
  void (screen as { preload?: () => Promise<void> } | undefined)?.preload?.()

/** A small notice while a live socket is down; the sockets reconnect on their own. */
export default function ReconnectingIndicator() {
  const { t } = useTranslation()
  const { down } = useSnapshot(connectionStore)
  if (!down.earn && !down.spot) return null
  return (
    <p
      role="status"
      data-testid="reconnecting"
      className="m-0 flex items-center gap-2 whitespace-nowrap rounded-full bg-[var(--earn-warn-soft)] px-3 py-1 text-xs font-600 text-[var(--earn-warn)]"
    >
      <span
        aria-hidden="true"
        className="inline-block h-2 w-2 animate-pulse rounded-full bg-[var(--earn-warn)]"
      />
      {t('myEarn.reconnecting', 'Reconnecting…')}
    </p>
  )
}
