import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomUuid, visitorGuid } from '../../../src/lib/http/guid'

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is a v4 UUID also where crypto.randomUUID is missing (plain http on a site name)', () => {
    const { getRandomValues } = crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) })
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()))
    expect(ids.size).toBe(50)
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('uses crypto.randomUUID where there is one', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '11111111-2222-4333-8444-555555555555' })
    expect(randomUuid()).toBe('11111111-2222-4333-8444-555555555555')
  })
})

describe('visitorGuid', () => {
  afterEach(() => vi.restoreAllMocks())

  it("reads the browser's cookie once a page, then sends what it read", () => {
    const guid = '0b7f2c1e-5d4a-4c3b-9a8e-7f6d5c4b3a21'
    document.cookie = `guid_www-qa=${guid}; path=/`
    const read = vi.spyOn(document, 'cookie', 'get')
    const sent = Array.from({ length: 10 }, () => visitorGuid('www-qa.earn.test'))
    expect(new Set(sent)).toEqual(new Set([guid]))
    expect(read).toHaveBeenCalledTimes(1)
  })
})
