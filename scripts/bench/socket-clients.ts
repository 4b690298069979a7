import WebSocket from 'ws'

/** The p-th percentile of sorted numbers (NaN when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN

/**
 * A load-test client: opens `url`, sends `subscribe` once open, and for each push whose head
 * matches `head` calls `onPush` with the number it captures (a time) and the arrival time read
 * by `now`. Resolves at the first push. Only the frame's head is read: a full parse of 1,000
 * pushes a second would be the bench's own lag.
 */
export function subscribedClient(
  url: string,
  subscribe: string,
  head: RegExp,
  onPush: (stamp: number, at: number) => void,
  now: () => number,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false })
    ws.once('error', reject)
    ws.on('message', (data: Buffer) => {
      const at = now()
      const match = head.exec(data.toString('latin1', 0, 80))
      if (!match) return
      onPush(Number(match[1]), at)
      resolve(ws)
    })
    ws.once('open', () => ws.send(subscribe))
  })
}

/**
 * Opens `clients` clients (in batches of 100, so the accept queue is not what is measured),
 * turns measuring on for `durationS`, then closes them all; returns how many were open and the
 * measured seconds.
 */
export async function holdClients(
  clients: number,
  durationS: number,
  open: () => Promise<WebSocket>,
  setMeasuring: (on: boolean) => void,
): Promise<{ clients: number; elapsedS: number }> {
  const sockets: WebSocket[] = []
  try {
    for (let i = 0; i < clients; i += 100) {
      const batch = Math.min(100, clients - i)
      sockets.push(...(await Promise.all(Array.from({ length: batch }, open))))
    }
    setMeasuring(true)
    const started = performance.now()
    await new Promise((r) => setTimeout(r, durationS * 1000))
    setMeasuring(false)
    return { clients: sockets.length, elapsedS: (performance.now() - started) / 1000 }
  } finally {
    for (const ws of sockets) ws.terminate()
  }
}
