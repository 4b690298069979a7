import { describe, expect, it } from 'vitest'
import { createQueryClient, retryDelay } from '../../../src/lib/query/query-client'

describe('query client defaults (spec §9)', () => {
  it('carries cache 300000 ms, focus refresh 5000 ms and the retry delay', () => {
    const q = createQueryClient().getDefaultOptions().queries!
    expect(q.gcTime).toBe(300_000)
    expect(q.staleTime).toBe(5_000)
    expect(q.refetchOnWindowFocus).toBe(true)
    expect(q.retryDelay).toBe(retryDelay)
  })

  it('retry delay doubles from 1000 ms up to 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ])
  })
})
