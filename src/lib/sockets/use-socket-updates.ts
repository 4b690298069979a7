import { useEffect, useState } from 'react'
import type { EarnSocket } from './earn-socket'
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

/** The latest data pushed on an earn topic; one render per animation frame. */
export function useEarnTopic<T>(socket: EarnSocket, topic: string): T | undefined {
  const [data, setData] = useState<T>()
  useEffect(() => {
    const batcher = createFrameBatcher<T>((items) => setData(items.at(-1)))
    const off = socket.subscribe(topic, (d) => batcher.push(d as T))
    return () => {
      off()
      batcher.dispose()
    }
  }, [socket, topic])
  return data
}
