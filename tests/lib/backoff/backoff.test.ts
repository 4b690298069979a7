import { describe, expect, it } from 'vitest'
import { Backoff } from '../../../src/lib/backoff/backoff'

describe('Backoff', () => {
  it('doubles from 100 ms and stops at 10000 ms by default', () => {
    const b = new Backoff()
    expect(Array.from({ length: 9 }, () => b.duration())).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000,
    ])
    b.reset()
    expect(b.duration()).toBe(100)
  })

  it('jitter spreads the delay either way by at most its share, within min and max', () => {
    const low = new Backoff({ minMs: 1000, maxMs: 5000, jitter: 0.5 }, () => 0)
    const high = new Backoff({ minMs: 1000, maxMs: 5000, jitter: 0.5 }, () => 1)
    const mid = new Backoff({ minMs: 1000, maxMs: 5000, jitter: 0.5 }, () => 0.75)
    expect([low.duration(), low.duration(), low.duration()]).toEqual([1000, 1000, 2000])
    expect([high.duration(), high.duration(), high.duration()]).toEqual([1500, 3000, 5000])
    expect([mid.duration(), mid.duration()]).toEqual([1250, 2500])
  })

  it('refuses jitter outside 0–1', () => {
    expect(() => new Backoff({ jitter: 1.5 })).toThrow(RangeError)
    expect(() => new Backoff({ jitter: -0.1 })).toThrow(RangeError)
  })
})
