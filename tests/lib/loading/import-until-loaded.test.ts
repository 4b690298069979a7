import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { importUntilLoaded, retryDelayMs } from '../../../src/lib/loading/import-until-loaded'

// Chromium's wording of a dynamic import whose file could not be fetched.
const notFetched = () =>
  new TypeError('Failed to fetch dynamically imported module: https://www.example.com/a.js')

describe('importUntilLoaded', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks again 1 s, 2 s, 4 s later until the chunk loads, then resolves with it', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(notFetched())
      .mockRejectedValueOnce(notFetched())
      .mockRejectedValueOnce(notFetched())
      .mockResolvedValue('module')
    const settled = vi.fn()
    void importUntilLoaded(load).then(settled)
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(load).toHaveBeenCalledTimes(3)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(4000)
    expect(load).toHaveBeenCalledTimes(4)
    expect(settled).toHaveBeenCalledWith('module')
  })

  it('waits at most 10 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000])
  })

  it('passes on at once an error of a module that loaded and threw: a bug, not the network', async () => {
    const bug = new ReferenceError('x is not defined')
    const load = vi.fn<() => Promise<never>>().mockRejectedValue(bug)
    await expect(importUntilLoaded(load)).rejects.toBe(bug)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
