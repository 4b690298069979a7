import { useEffect, useState } from 'react'
import { createFrameBatcher } from './frame-batcher'
import type { RealtimeQuote, SpotQuoteSocket } from './spot-quote-socket'

/** The latest realtime quote per symbol; one render per animation frame however many pushes. */
export function useRealtimeQuotes(
  socket: SpotQuoteSocket,
  symbols: readonly string[],
): Readonly<Record<string, RealtimeQuote>> {
  const [quotes, setQuotes] = useState<Record<string, RealtimeQuote>>({})
  const key = symbols.join(',')
  useEffect(() => {
    const wanted = new Set(key.split(',').filter(Boolean))
    const batcher = createFrameBatcher<RealtimeQuote[]>((batches) =>
      setQuotes((prev) => {
        const next = { ...prev }
        for (const q of batches.flat()) if (wanted.has(q.symbol)) next[q.symbol] = q
        return next
      }),
    )
    const off = socket.onQuotes((q) => batcher.push(q))
    socket.subscribe([...wanted])
    return () => {
      off()
      batcher.dispose()
    }
  }, [socket, key])
  return quotes
}
