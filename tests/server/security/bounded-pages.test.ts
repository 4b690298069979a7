import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_LIMIT_DEFAULT } from '../../../contract/earn-account.schema'
import { EARN_PATH } from '../../../contract/paths'
import { RetCode } from '../../../contract/ret-codes'
import { killStartedServers } from '../../support/server-process'
import { loginCookie, post, securityServerForFile } from './support'

// Issue 24, item 9's last two parts, against a demo server process in TEST_MODE:
// - get-positions with include_closed answered every closed position at once (unbounded work
//   per request); now closed positions come in pages (limit, cursor/next_cursor).

afterAll(() => killStartedServers())

const file = securityServerForFile('demo', { TEST_MODE: '1' })

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
