import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Database } from '../../../server/db/client'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import type { TestApp } from '../../support/test-app'

export const HOST = 'localhost:8080'
export const COOKIE = 'b_t_c_k_local'

/** Logs a demo account in and returns the Cookie header value. */
export async function loginAs(t: TestApp, email: string, password = DEMO_PASSWORD) {
  const res = await t.post('/x-api/v1/auth/login', { email, password }, { host: HOST })
  expect(res.body.ret_code, JSON.stringify(res.body)).toBe(0)
  return sessionCookie(res.headers)
}

/** `name=value` of the session cookie set by a response. */
export function sessionCookie(headers: Headers): string {
  const header = headers.get('set-cookie') ?? ''
  const match = header.match(new RegExp(`${COOKIE}=([^;]*)`))
  if (!match) throw new Error(`no ${COOKIE} in Set-Cookie: ${header}`)
  return `${COOKIE}=${match[1]}`
}

export const tokenOf = (cookie: string) => cookie.split('=')[1]!

/** GET with optional cookie, returning status, headers and the parsed envelope. */
export async function get(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(path, { headers: { host: HOST, ...headers } })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

/** Row counts of every table the identity, market, config and analytics modules write. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = [
    'users',
    'user_tags',
    'sessions',
    'telegram_links',
    'login_failures',
    'coins',
    'config_entries',
    'gray_release_whitelists',
    'analytics_events',
  ]
  const out: Record<string, number> = {}
  for (const name of tables) {
    const rows = await db.execute(sql.raw(`select count(*)::int as n from ${name}`))
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      n: number
    }[]
    out[name] = Number(list[0]!.n)
  }
  return out
}

export type InitDataUser = {
  id: number
  first_name: string
  username?: string
  photo_url?: string
}

/** initData signed as Telegram signs it (TESTING-TELEGRAM.md), with node:crypto. */
export function signInitData(
  fields: Record<string, string>,
  botToken: string,
): { raw: string; hash: string } {
  const entries = Object.entries(fields)
  const dataCheckString = [...entries]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex')
  return { raw: new URLSearchParams([...entries, ['hash', hash]]).toString(), hash }
}

export function initDataFor(user: InitDataUser, authDate: number): Record<string, string> {
  return {
    auth_date: String(authDate),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    signature: 'c2lnbmF0dXJlLWZvci10ZXN0cw',
  }
}
