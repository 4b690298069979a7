import { afterEach, describe, expect, it, vi } from 'vitest'
import { hapticOutcome, hapticSelection } from '../../../src/lib/telegram/haptics'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { loadedTelegramSdk, withTelegram } from '../../../src/lib/telegram/telegram-sdk'

afterEach(() => {
  platformStore.telegram = false
  vi.restoreAllMocks()
})

describe('withTelegram', () => {
  it('does nothing on the web', async () => {
    const fn = vi.fn()
    withTelegram(fn)
    hapticOutcome(true)
    hapticSelection()
    await new Promise((r) => setTimeout(r, 50))
    expect(fn).not.toHaveBeenCalled()
  })

  it('inside Telegram loads the SDK once and runs each call with it; a throwing call is only logged', async () => {
    platformStore.telegram = true
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const first = new Promise((resolve) => withTelegram(resolve))
    const sdk = await first
    expect(sdk).toBe(loadedTelegramSdk())
    expect(sdk).toHaveProperty('hapticFeedback')
    // Loaded: later calls run at once, and haptics without a client are a quiet no-op.
    const later = vi.fn()
    withTelegram(later)
    expect(later).toHaveBeenCalledWith(sdk)
    expect(() => hapticOutcome(false)).not.toThrow()
    withTelegram(() => {
      throw new Error('client refused')
    })
    expect(warn).toHaveBeenCalledWith('[telegram]', expect.any(Error))
  })
})
