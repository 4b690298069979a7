import { sql } from 'drizzle-orm'
import type { GrayReleaseScene } from '../../../contract/gray-release-scenes'
import type { Database } from '../../../server/db/client'
import { grayReleaseWhitelists } from '../../../server/db/schema'
import { writeSetting, type EarnSettingName } from '../../../server/modules/earn/settings'
import type { TestApp } from '../../support/test-app'
import { HOST, loginAs } from './identity'

export const EARN = '/x-api/s1/byfi'

export const DEMO = {
  kyc0: 'kyc0@earn.test',
  kyc1: 'kyc1@earn.test',
  kyc2: 'kyc2@earn.test',
  blocked: 'blocked@earn.test',
  insider: 'insider@earn.test',
  walled: 'walled@earn.test',
} as const
export const DEMO_IDS = { kyc0: 100002, kyc1: 100011, kyc2: 100013, insider: 100036 } as const

/** Calls an earn endpoint as the client does; cookie omitted = logged out. */
export async function earn(t: TestApp, call: string, body: unknown = {}, cookie?: string) {
  const res = await t.post(`${EARN}/${call}`, body, { host: HOST, ...(cookie ? { cookie } : {}) })
  return res.body as { ret_code: number; ret_msg: string; result: any }
}

export async function loginDemo(t: TestApp, who: keyof typeof DEMO) {
  return loginAs(t, DEMO[who])
}

let seq = 0
/** A fresh client order id. */
export const oid = (tag = 'o') =>
  `${tag}-${process.pid}-${Date.now().toString(36)}-${(seq++).toString(36)}`

export async function balance(
  db: Database,
  userId: number,
  coin: string,
  accountType: number,
): Promise<string> {
  const rows = await db.execute(
    sql`select balance::text as b from earn_accounts where user_id = ${userId} and coin = ${coin} and account_type = ${accountType}`,
  )
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { b: string }[] }).rows) as {
    b: string
  }[]
  return list[0]?.b ?? '0'
}

export async function countRows(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await db.execute(query)
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows) as {
    n: number
  }[]
  return Number(list[0]?.n ?? 0)
}

export const setSetting = (t: TestApp, name: EarnSettingName, value: string) =>
  writeSetting(t.db, name, value)

/** Ticks the once-per-type risk acknowledgement (acknowledge-risk) of a structured product type. */
export async function acknowledgeRisk(t: TestApp, cookie: string, productType: number) {
  const res = await earn(t, 'acknowledge-risk', { product_type: productType }, cookie)
  if (res.ret_code !== 0) throw new Error(`acknowledge-risk: ${res.ret_code} ${res.ret_msg}`)
}

/** A pay-order body for a priced product, quoted by preview-order as the client does. */
export async function quotedOrder(t: TestApp, cookie: string, productId: string, amount: string) {
  const preview = await earn(t, 'preview-order', { product_id: productId, amount }, cookie)
  if (preview.ret_code !== 0)
    throw new Error(`preview-order: ${preview.ret_code} ${preview.ret_msg}`)
  return {
    order_id: oid('q'),
    product_id: productId,
    amount,
    quote_price: preview.result.quote.price,
  }
}

/** Puts a user on a gray-release scene's whitelist (the Internal stage lets them in). */
export async function whitelistUser(t: TestApp, scene: GrayReleaseScene, userId: number) {
  await t.db.insert(grayReleaseWhitelists).values({ scene, userId }).onConflictDoNothing()
}
