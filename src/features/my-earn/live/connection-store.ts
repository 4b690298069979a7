import { useEffect, useState } from 'react'
import { proxy } from 'valtio'

export type LiveSocketName = 'earn' | 'spot'

/** Which live sockets are down after having been up: what the "reconnecting" indicator shows. */
export const connectionStore = proxy<{ down: Record<LiveSocketName, boolean> }>({
  down: { earn: false, spot: false },
})

/** Tracks one socket: down once it has opened and then left the open state; up when open again. */
export function trackConnection(name: LiveSocketName) {
  let everOpen = false
  return {
    update(open: boolean) {
      if (open) everOpen = true
      connectionStore.down[name] = everOpen && !open
    },
    reset() {
      everOpen = false
      connectionStore.down[name] = false
    },
  }
}

/** trackConnection for as long as the calling component is mounted (reset when it goes). */
export function useTrackedConnection(name: LiveSocketName) {
  const [connection] = useState(() => trackConnection(name))
  useEffect(() => () => connection.reset(), [connection])
  return connection
}
