import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import WS from 'ws'
import { EARN_SOCKET, EarnSocket, EarnTopic } from '../../src/lib/sockets/earn-socket'
import { SPOT_QUOTE_SOCKET_PATH, SpotQuoteSocket } from '../../src/lib/sockets/spot-quote-socket'
import { BACKOFF_DEFAULTS } from '../../src/lib/backoff/backoff'
import { killStartedServers, startServerProcess } from '../support/server-process'

// The client's own socket classes (src/lib/sockets) against a real server process that is
// SIGKILLed and restarted on the same port: both reconnect within their backoff caps,
// re-subscribe by themselves, and receive ticks again.

const dataDir = mkdtempSync(join(tmpdir(), 'earn-socket-restart-'))
afterAll(() => {
  killStartedServers()
  rmSync(dataDir, { recursive: true, force: true })
})

/** ws throws an 'error' event nobody listens to; a browser only dispatches it. */
class NodeWebSocket extends WS {
  constructor(url: string) {
    super(url)
    this.on('error', () => undefined)
  }
}
const WebSocketImpl = NodeWebSocket as unknown as typeof WebSocket
/** The subscribe answer comes at once; slack covers connecting and a busy event loop. */
const TICK_AND_SLACK_MS = 4_000

function lastSeen() {
  let at = 0
  return { mark: () => (at = Date.now()), at: () => at }
}

async function until(what: string, probe: () => boolean, ms: number) {
  const deadline = Date.now() + ms
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('sockets across a server crash and restart', () => {
  it('the earn and spot quote sockets reconnect within their backoff bounds, re-subscribe and tick again', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir })
    const wsOrigin = `ws://127.0.0.1:${first.port}`
    const earn = new EarnSocket(`${wsOrigin}/x-api/earn/ws/public`, { WebSocketImpl })
    const spot = new SpotQuoteSocket(`${wsOrigin}${SPOT_QUOTE_SOCKET_PATH}`, WebSocketImpl)
    const earnTick = lastSeen()
    const spotTick = lastSeen()
    try {
      earn.subscribe(EarnTopic.DualAssetBenchmarkPrice, earnTick.mark)
      earn.connect()
      spot.onQuotes(spotTick.mark)
      spot.subscribe(['BTCUSDT'])
      spot.connect()
      await until('first ticks', () => earnTick.at() > 0 && spotTick.at() > 0, 10_000)

      await first.kill()
      const killedAt = Date.now()
      await until(
        'both sockets closed',
        () => earn.state !== 'open' && spot.state !== 'open',
        5_000,
      )

      const second = await startServerProcess({ DATA_DIR: dataDir, PORT: first.port })
      const readyAt = Date.now()
      try {
        // The longest wait between attempts is the cap, so a tick follows within cap + tick.
        await until(
          'an earn tick after restart',
          () => earnTick.at() > readyAt,
          EARN_SOCKET.reconnectMaxMs + TICK_AND_SLACK_MS,
        )
        await until(
          'a spot tick after restart',
          () => spotTick.at() > readyAt,
          BACKOFF_DEFAULTS.maxMs + TICK_AND_SLACK_MS,
        )
        expect(earn.state).toBe('open')
        expect(spot.state).toBe('open')
        console.log(
          `[resilience] sockets: server down ${readyAt - killedAt} ms; first tick after restart in ${earnTick.at() - readyAt} ms (earn, cap ${EARN_SOCKET.reconnectMaxMs}) and ${spotTick.at() - readyAt} ms (spot, cap ${BACKOFF_DEFAULTS.maxMs})`,
        )
      } finally {
        earn.close()
        spot.close()
        expect(await second.stop()).toBe(0)
      }
    } finally {
      earn.close()
      spot.close()
    }
  }, 120_000)
})
