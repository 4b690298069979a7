import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_LIMIT_DEFAULT } from '../../../contract/earn-account.schema'
import { FIRST_VIEW_STATS_HEADER, type FirstViewStats } from '../../../contract/first-view'
import { EARN_PATH } from '../../../contract/paths'
import { RetCode } from '../../../contract/ret-codes'
import { FIRST_VIEW_ENTRY } from '../../../server/modules/client-shell/first-view'
import { killStartedServers } from '../../support/server-process'
import { fakeBuiltClient, loginCookie, post, securityServerForFile } from './support'

// Issue 24, item 9's last two parts, against a demo server process in TEST_MODE:
// - get-positions with include_closed answered every closed position at once (unbounded work
//   per request); now closed positions come in pages (limit, cursor/next_cursor).
// - the first-view cache was keyed on the full URL, so ?x=1, ?x=2, … each rendered and took a
//   place; now a page is keyed (and drawn) on the query parameters its routes read.

afterAll(() => killStartedServers())

// The real first-view renderer, built the way `npm run build` builds dist/.ssr but bundled
// whole (it runs from a temporary directory, away from node_modules), beside a miniature shell.
const client = fakeBuiltClient()
afterAll(() => client.remove())
// `npm run build`'s second step, into the miniature build, before the server starts: a server
// imports its renderer when it starts (server/modules/client-shell/first-view.ts).
beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'earn-security-ssr-'))
  // As `npm run build` runs it: vitest's NODE_ENV=test would build React's development JSX.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      mode: 'production',
      logLevel: 'error',
      build: { ssr: FIRST_VIEW_ENTRY, outDir: out, emptyOutDir: true },
      ssr: { noExternal: true },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  rmSync(join(client.dir, '.ssr'), { recursive: true, force: true })
  renameSync(out, join(client.dir, '.ssr'))
}, 180_000)
const file = securityServerForFile('demo', { TEST_MODE: '1', STATIC_DIR: client.dir })

const SEEDED = 250
let url: string
let cookie: string
const earn = (call: string, body: unknown) => post(url, `${EARN_PATH}/${call}`, body, { cookie })

type Page = { positions: { position_id: string; status: string; closed_at: number | null }[] }
type Walk = { pages: number[]; ids: string[]; closedAt: number[] }

/** Follows next_cursor from the first page to the last: closed positions per page, in order. */
async function walk(call: 'get-positions' | 'get-position-history', limit?: number) {
  const seen: Walk = { pages: [], ids: [], closedAt: [] }
  let cursor: string | undefined
  for (;;) {
    const res = await earn(call, {
      ...(call === 'get-positions' ? { include_closed: true } : {}),
      ...(limit === undefined ? {} : { limit }),
      ...(cursor === undefined ? {} : { cursor }),
    })
    expect(res.body.ret_code, res.body.ret_msg).toBe(0)
    const { positions, next_cursor } = res.body.result as Page & { next_cursor: string | null }
    const closed = positions.filter((p) => p.status !== 'active')
    // Open positions come on the first page only.
    if (cursor !== undefined) expect(closed).toHaveLength(positions.length)
    seen.pages.push(closed.length)
    seen.ids.push(...closed.map((p) => p.position_id))
    seen.closedAt.push(...closed.map((p) => p.closed_at!))
    if (!next_cursor) return seen
    cursor = next_cursor
  }
}

describe('get-positions pages closed positions', () => {
  let before: Walk
  let open: string[]
  beforeAll(async () => {
    url = file().url
    cookie = await loginCookie(url, 'kyc2@earn.test')
    // Open positions, which come whole on the first page.
    for (const product_id of ['flex-usdt', 'fixed-usdt-7']) {
      const paid = await earn('pay-order', {
        order_id: `bp-${product_id}`,
        product_id,
        amount: '10',
      })
      expect(paid.body.ret_code, paid.body.ret_msg).toBe(0)
    }
    before = await walk('get-positions', 100)
    open = ((await earn('get-positions', {})).body.result as Page).positions.map(
      (p) => p.position_id,
    )
    const seeded = await earn('test/seed-closed-positions', {
      count: SEEDED,
      product_id: 'flex-usdt',
    })
    expect(seeded.body.ret_code, seeded.body.ret_msg).toBe(0)
  }, 90_000)

  it('a request without limit (an old client) gets every open position and the first page', async () => {
    const res = await earn('get-positions', { include_closed: true })
    const { positions, next_cursor } = res.body.result as Page & { next_cursor: string | null }
    const closed = positions.filter((p) => p.status !== 'active')
    console.log(
      `[security] get-positions include_closed without limit: ${positions.length} positions (${open.length} open, ${closed.length} closed) of ${before.ids.length + SEEDED} closed, next_cursor ${next_cursor}`,
    )
    expect(closed).toHaveLength(PAGE_LIMIT_DEFAULT)
    expect(open.length).toBeGreaterThanOrEqual(2)
    expect(positions.slice(0, open.length).map((p) => p.position_id)).toEqual(open)
    expect(next_cursor).toMatch(/^\d+\.pos_[0-9a-f]+$/)
    // Without include_closed nothing changed: the open positions, no cursor.
    const openOnly = await earn('get-positions', {})
    expect(openOnly.body.result.next_cursor).toBeNull()
  })

  it.each([7, 100])(
    'the cursor walks every closed position exactly once (limit %i)',
    async (limit) => {
      const seen = await walk('get-positions', limit)
      expect(Math.max(...seen.pages)).toBeLessThanOrEqual(limit)
      expect(seen.ids).toHaveLength(before.ids.length + SEEDED)
      expect(new Set(seen.ids).size).toBe(seen.ids.length)
      expect(seen.ids).toEqual(expect.arrayContaining(before.ids))
      expect(seen.closedAt).toEqual([...seen.closedAt].sort((a, b) => b - a))
      console.log(
        `[security] get-positions limit ${limit}: ${seen.pages.length} pages, ${seen.ids.length} closed positions, ${new Set(seen.ids).size} distinct`,
      )
    },
  )

  it('get-position-history pages the same positions', async () => {
    const seen = await walk('get-position-history', 100)
    expect(Math.max(...seen.pages)).toBeLessThanOrEqual(100)
    expect(seen.ids).toEqual((await walk('get-positions', 100)).ids)
  })

  it.each([
    ['get-positions', { include_closed: true, limit: 101 }],
    ['get-positions', { include_closed: true, limit: 0 }],
    ['get-positions', { include_closed: true, cursor: '1.pos_zz' }],
    ['get-positions', { limit: 5 }],
    ['get-positions', { cursor: '1.pos_ab' }],
    ['get-position-history', { limit: 101 }],
  ])('%s %j answers 10001', async (call, body) => {
    const res = await earn(call, body)
    expect(res.status).toBe(200)
    expect(res.body.ret_code).toBe(RetCode.InvalidRequest)
  })
})

describe('the first-view cache ignores unknown query parameters', () => {
  beforeAll(() => {
    url = file().url
  })

  /** A page as a browser navigates to it; its first view (if drawn in time) and the stats. */
  const visit = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0' } })
    const html = await res.text()
    const stats = JSON.parse(res.headers.get(FIRST_VIEW_STATS_HEADER) ?? 'null') as FirstViewStats
    const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? ''
    return { stats, root }
  }
  /** The page's first view: a render can miss its 300 ms on a loaded machine; it is kept. */
  const drawn = async (path: string) => {
    for (let i = 0; i < 20; i++) {
      const page = await visit(path)
      if (page.root) return page
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`no first view for ${path}: ${JSON.stringify((await visit(path)).stats)}`)
  }

  it('requests with distinct junk parameters are one page: rendered once, kept once', async () => {
    const first = await drawn('/earn/home?junk=0')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visit(`/earn/home?junk=${i + 1}&utm_x=${i}`)),
    )
    const last = (await visit('/earn/home?junk=21')).stats
    console.log(
      `[security] 21 more first views of /earn/home with junk parameters: ${last.renders - first.stats.renders} renders, ${last.kept - first.stats.kept} more views kept`,
    )
    expect(last.kept).toBe(first.stats.kept)
    expect(last.renders - first.stats.renders).toBeLessThanOrEqual(1)
    // Whatever was drawn in time is the same page.
    expect(new Set(answers.map((a) => a.root).filter(Boolean)).size).toBeLessThanOrEqual(1)
  })

  it('a parameter the page reads still draws its own page', async () => {
    const btc = await drawn('/earn/home?search=BTC&junk=1')
    const eth = await drawn('/earn/home?search=ETH&junk=1')
    expect(btc.root).toContain('value="BTC"')
    expect(eth.root).toContain('value="ETH"')
    expect(eth.stats.kept).toBe(btc.stats.kept + 1)
    // The same term with other junk is the same page, kept once.
    expect((await drawn('/earn/home?junk=2&search=ETH')).stats.kept).toBe(eth.stats.kept)
  })
})
