import { afterEach, describe, expect, it, vi } from 'vitest'
import { askCountry, onCountryAsked } from '../../../src/lib/http/country-required'

describe('askCountry', () => {
  const unregister: (() => void)[] = []
  afterEach(() => {
    unregister.splice(0).forEach((off) => off())
    vi.useRealTimers()
  })

  it('asks the registered host and answers what it declared', async () => {
    unregister.push(onCountryAsked((declared) => declared(true)))
    await expect(askCountry()).resolves.toBe(true)
  })

  it('waits for a host that registers after the ask (its lazy chunk still loading)', async () => {
    const asked = askCountry()
    let shown = 0
    unregister.push(
      onCountryAsked((declared) => {
        shown++
        declared(true)
      }),
    )
    await expect(asked).resolves.toBe(true)
    expect(shown).toBe(1)
  })

  it('gives up, as if the picker were closed, when no host comes within the wait', async () => {
    vi.useFakeTimers()
    const asked = askCountry(10_000)
    await vi.advanceTimersByTimeAsync(9_999)
    let settled = false
    void asked.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(asked).resolves.toBe(false)
  })
})
