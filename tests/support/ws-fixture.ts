import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/**
 * A small ws server standing in for the earn socket where a test must drop the line on demand:
 * answers {op:'ping'} with {op:'pong'}, records every frame, lets a test push and drop.
 */
export async function startEarnSocketFixture() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  const frames: Record<string, unknown>[] = []
  const connections: WebSocket[] = []
  wss.on('connection', (ws) => {
    connections.push(ws)
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as Record<string, unknown>
      frames.push(msg)
      if (msg.op === 'ping') ws.send(JSON.stringify({ op: 'pong' }))
    })
  })
  const { port } = wss.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    frames,
    connections,
    push: (topic: string, data: unknown) =>
      connections.at(-1)!.send(JSON.stringify({ topic, data })),
    dropAll: () => connections.forEach((c) => c.terminate()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close(() => resolve())
      }),
  }
}
