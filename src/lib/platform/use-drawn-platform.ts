import { useSyncExternalStore } from 'react'
import type { Platform } from './platform'
import { platformStore } from './platform-store'

const never = () => () => undefined

/**
 * The platform to draw for. While React hydrates the server's first view (a boundary may
 * hydrate well after the first commit), the one the server drew it for; afterwards the real
 * one, so the MainButton, the Telegram shell and the like switch in right after hydration.
 * What they replace is hidden by CSS from the first paint inside Telegram (data-web-only).
 */
export const useDrawnPlatform = (): Platform =>
  useSyncExternalStore(
    never,
    () => platformStore.platform,
    () => platformStore.serverDrawn,
  )
