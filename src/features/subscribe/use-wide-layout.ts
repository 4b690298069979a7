import { useSyncExternalStore } from 'react'
import { BREAKPOINTS } from '../../lib/layout/breakpoints'
import { isTelegramPlatform } from '../../lib/platform/platform'
import { useDrawnPlatform } from '../../lib/platform/use-drawn-platform'

const WIDE_QUERY = `(min-width: ${BREAKPOINTS.lg}px)`

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia?.(WIDE_QUERY)
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}
const isWide = () => window.matchMedia?.(WIDE_QUERY).matches ?? false

/**
 * Whether the product page shows its subscribe panel inline (two columns from lg, 992 px) on
 * the web. Inside Telegram the flow stays a sheet driven by the MainButton, as mini-apps do;
 * the server-drawn first view is the narrow one until hydration.
 */
export function useWideLayout(): boolean {
  const wide = useSyncExternalStore(subscribe, isWide, () => false)
  const platform = useDrawnPlatform()
  return wide && !isTelegramPlatform(platform)
}
