import { useEffect, useState } from 'react'
import { serverNow } from '../../../lib/time/server-time'

/** The server clock in unix seconds, read again every `everyMs` (progress bars, countdowns). */
export function useServerNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Math.floor(serverNow() / 1000))
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(serverNow() / 1000)), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
