import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARN_CALL_NAMES } from '../../contract/earn-calls'
import { API_PREFIX, EARN_PATH, OPENAPI_PATH } from '../../contract/paths'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type Doc = {
  openapi: string
  servers: { url: string }[]
  paths: Record<string, { post: { requestBody: unknown; responses: Record<string, unknown> } }>
}
const readDoc = async () => {
  const res = await t.app.request(`${API_PREFIX}${OPENAPI_PATH}`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { ret_code: number; result: Doc }
  expect(body.ret_code).toBe(0)
  return body.result
}

describe('OpenAPI document of the earn calls', () => {
  it('is OpenAPI 3.1, served under the API prefix, one POST path per registry call', async () => {
    const doc = await readDoc()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers).toEqual([{ url: API_PREFIX }])
    expect(Object.keys(doc.paths).sort()).toEqual(
      EARN_CALL_NAMES.map((n) => `${EARN_PATH}/${n}`).sort(),
    )
    for (const op of Object.values(doc.paths)) {
      expect(op.post.requestBody).toBeTruthy()
      expect(op.post.responses['200']).toBeTruthy()
    }
  })

  it('matches the routes the app mounts: every documented call answers, nothing undocumented', async () => {
    const doc = await readDoc()
    const earnPrefix = `${API_PREFIX}${EARN_PATH}/`
    const mounted = t.app.routes
      .filter((r) => r.method === 'POST' && r.path.startsWith(earnPrefix))
      .map((r) => r.path.slice(API_PREFIX.length))
      // TEST_MODE's clock and seeding hooks are no part of the API.
      .filter((p) => !p.startsWith(`${EARN_PATH}/test/`))
    expect([...new Set(mounted)].sort()).toEqual(Object.keys(doc.paths).sort())
    for (const path of Object.keys(doc.paths)) {
      const res = await t.post(`${API_PREFIX}${path}`, { not_a_field: 1 })
      expect(res.status, path).toBe(200)
      // Logged out or invalid: the call is there and refuses, never "no such path".
      expect(res.body.ret_code, path).not.toBe(0)
      expect(res.body.ret_msg, path).not.toMatch(/no such path/)
    }
  })

  it('a request schema in the document refuses what the server refuses (unknown fields)', async () => {
    const doc = await readDoc()
    const op = doc.paths[`${EARN_PATH}/get-product-detail`]!.post as {
      requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } }
    }
    const schema = op.requestBody.content['application/json'].schema
    expect(schema).toMatchObject({
      type: 'object',
      required: ['product_id'],
      additionalProperties: false,
    })
  })
})
