import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { connectionStore } from './connection-store'

/** A small notice while a live socket is down; the sockets reconnect on their own. */
export function ReconnectingIndicator() {
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
