import type { Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium-path.mjs'
import { AUTH_COOKIE_BASE, GUID_COOKIE_BASE } from '../contract/cookie-names'
import { EARN_SOCKET_PATH_PREFIX } from '../contract/paths'
import { DEMO_PASSWORD } from './earn-journey-helpers'
import { E2E_PORT } from './support/constants'
import { expect, test } from './support/fixtures'

// The page served under real site names (spec §4, §7): Chromium resolves them to this machine,
// so the app reads an environment from its host as it would in production. The earn socket's
// ws2 host is made unresolvable: a socket that keeps failing, as when that host is down.

const EU = `http://www.example.eu:${E2E_PORT}`
const COM = `http://www.example.com:${E2E_PORT}`

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--host-resolver-rules=MAP www.example.eu 127.0.0.1, MAP www.example.com 127.0.0.1, MAP ws2.example.com ~NOTFOUND, MAP ws2.example.eu ~NOTFOUND, ' +
        // Issue 26: the test network, a named environment, normalised subdomains.
        'MAP testnet.example.com 127.0.0.1, MAP m-testnet.example.com 127.0.0.1, MAP env7.example.com 127.0.0.1, MAP blog.example.com 127.0.0.1, MAP learn.testnet.example.com 127.0.0.1, MAP ws2.testnet.example.com ~NOTFOUND, MAP ws2-env7.example.com ~NOTFOUND',
    ],
  },
})

/** A JSON POST from inside the page (the test runner cannot resolve these names). */
async function inPage<T>(page: Page, path: string, body: object): Promise<T> {
  const json = await page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/x-api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      })
      return res.json()
    },
    [path, body] as const,
  )
  expect(json.ret_code, `${path}: ${json.ret_msg}`).toBe(0)
  return json.result as T
}

test('the EU site prices in USDC: tickers ask for 301.<COIN>USDC, live prices subscribe <COIN>USDC', async ({
  page,
}) => {
  const tickerSymbols: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (
      url.pathname === '/spot/api/quote/v1/ticker' ||
      url.pathname === '/x-api/spot/api/quote/v1/ticker'
    )
      tickerSymbols.push(...(url.searchParams.get('symbol') ?? '').split(','))
  })
  const quoteSubscriptions: string[] = []
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { event?: string; symbol?: string }
      if (frame.event === 'sub') quoteSubscriptions.push(...(frame.symbol ?? '').split(','))
    }),
  )
  await page.goto(`${EU}/earn/home`)
  await inPage(page, '/v1/auth/login', { email: 'kyc0@earn.test', password: DEMO_PASSWORD })
  await inPage(page, '/s1/byfi/pay-order', {
    order_id: `e2e-eu-${Date.now().toString(36)}`,
    product_id: 'pos-sol',
    amount: '0.2',
  })

  // Earn home's my-earn summary values holdings at ticker prices.
  await page.goto(`${EU}/earn/home`)
  await expect(page.getByTestId('my-earn-summary-total')).toHaveText(/\$/)
  await expect.poll(() => tickerSymbols).toContain('301.SOLUSDC')
  expect(tickerSymbols.filter((s) => s.endsWith('USDT'))).toEqual([])

  // My earn's live prices come from the spot quote socket on the page's own origin.
  await page.goto(`${EU}/earn/my-earn`)
  await expect.poll(() => quoteSubscriptions).toContain('SOLUSDC')
  expect(quoteSubscriptions.filter((s) => s.endsWith('USDT'))).toEqual([])
})

test('hosts by environment: the earn socket goes to ws2.<domain>; when it keeps failing the monitor reports it', async ({
  page,
}) => {
  const sockets: string[] = []
  page.on('websocket', (ws) => sockets.push(ws.url()))
  const report = page.waitForRequest((r) => {
    if (r.method() !== 'POST' || new URL(r.url()).pathname !== '/x-api/analytics') return false
    const { events } = r.postDataJSON() as { events: { name: string }[] }
    return events.some((e) => e.name === 'monitor.custom_event')
  })
  await page.goto(`${COM}/earn/dual-asset-mining`)
  // Three failed connections (1 s then 2 s apart, with jitter) reach the report threshold.
  const request = await report
  const { events } = request.postDataJSON() as {
    events: { name: string; params: Record<string, unknown> }[]
  }
  const event = events.find((e) => e.name === 'monitor.custom_event')!
  expect(event.params).toMatchObject({
    event: 'earn_socket_failure',
    failures: 3,
    url: 'ws://ws2.example.com/x-api/earn/ws/public',
  })
  expect(sockets).toContain('ws://ws2.example.com/x-api/earn/ws/public')
  // Nothing else left the page's origin: the spot quote socket, when open, stays on it.
  for (const url of sockets.filter((u) => u.includes('/spot/ws/')))
    expect(url.startsWith(`ws://www.example.com:${E2E_PORT}/`)).toBe(true)
})

test('testnet, m-testnet, a named environment and normalised subdomains: socket host and cookie names', async ({
  page,
  context,
}) => {
  // Spec §4 and §7: host → the earn socket's host and the cookies' environment suffix (the
  // table itself: tests/lib/env/environment.test.ts).
  const cases: [host: string, socketHost: string, suffix: string][] = [
    ['testnet.example.com', 'ws2.testnet.example.com', '_testnet'],
    ['m-testnet.example.com', 'ws2.testnet.example.com', '_testnet'],
    ['env7.example.com', 'ws2-env7.example.com', '_env7'],
    // Normalised to www (production: no suffix), and to testnet under a testnet host.
    ['blog.example.com', 'ws2.example.com', ''],
    ['learn.testnet.example.com', 'ws2.testnet.example.com', '_testnet'],
  ]
  for (const [host, socketHost, suffix] of cases) {
    const origin = `http://${host}:${E2E_PORT}`
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/earn/ws/'))
    await page.goto(`${origin}/earn/dual-asset-mining`)
    expect((await socket).url(), host).toBe(`ws://${socketHost}${EARN_SOCKET_PATH_PREFIX}/public`)
    // The page's own guid cookie carries the environment's suffix.
    await expect
      .poll(async () => (await context.cookies(origin)).map((c) => c.name), { message: host })
      .toContain(`${GUID_COOKIE_BASE}${suffix}`)
  }
  // The server names the session cookie by the same rule.
  await inPage(page, '/v1/auth/login', { email: 'kyc0@earn.test', password: DEMO_PASSWORD })
  const names = (await context.cookies(`http://learn.testnet.example.com:${E2E_PORT}`)).map(
    (c) => c.name,
  )
  expect(names).toContain(`${AUTH_COOKIE_BASE}_testnet`)
})
