import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  freePort,
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../tests/support/server-process'
import { DEMO_PASSWORD } from './earn-journey-helpers'
import { expect, test } from './support/fixtures'

test.afterAll(killStartedServers)

/** The server's own child process (not the run's shared one): SIGKILLed and started again. */
const startServer = (dataDir: string, port: number) =>
  startServerProcess({ DATA_DIR: dataDir, PORT: port, TEST_MODE: '1' })

// pc only (playwright.config.ts). STATIC_DIR of the run's client build reaches the child
// through the environment (the server's default is ./dist).
test('a killed and restarted server: the page shows reconnecting, then live prices resume without a reload', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-e2e-reconnect-'))
  const port = await freePort()
  let server: ServerProcess = await startServer(dataDir, port)
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  })
  try {
    const page = await context.newPage()
    const login = await page.request.post('/x-api/v1/auth/login', {
      data: { email: 'kyc2@earn.test', password: DEMO_PASSWORD },
    })
    expect((await login.json()).ret_code).toBe(0)
    await page.goto('/earn/my-earn')
    // The total values BTC, ETH, SOL and TON at the spot quote socket's prices (a tick a second).
    const total = page.getByTestId('assets-total')
    await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/)
    const changes = async () => {
      const before = await total.innerText()
      await expect(total).not.toHaveText(before, { timeout: 15_000 })
    }
    await changes()
    await page.evaluate(() => (window.__sameDocument = true))

    await server.kill()
    const indicator = page.getByTestId('reconnecting')
    await expect(indicator).toBeVisible({ timeout: 15_000 })
    await expect(indicator).toHaveText('Reconnecting…')
    const frozen = await total.innerText()

    server = await startServer(dataDir, port)
    // The sockets reconnect by their backoff (earn socket 1–5 s, spot socket up to 10 s).
    await expect(indicator).toHaveCount(0, { timeout: 40_000 })
    await expect(total).not.toHaveText(frozen, { timeout: 15_000 })
    await changes()
    // Still the same document: nothing reloaded the page.
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true)
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
  } finally {
    await context.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
