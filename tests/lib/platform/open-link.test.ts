import { afterEach, describe, expect, it, vi } from 'vitest'
import { isTelegramLink, openExternal } from '../../../src/lib/platform/open-link'
import { platformStore } from '../../../src/lib/platform/platform-store'

describe('isTelegramLink', () => {
  it('t.me, telegram.me and tg: links open in Telegram; others in a browser', () => {
    expect(isTelegramLink('https://t.me/earn_demo_bot/earn?startapp=home')).toBe(true)
    expect(isTelegramLink('https://T.ME/channel')).toBe(true)
    expect(isTelegramLink('https://telegram.me/x')).toBe(true)
    expect(isTelegramLink('tg://resolve?domain=x')).toBe(true)
    expect(isTelegramLink('https://t.me.example.com/x')).toBe(false)
    expect(isTelegramLink('https://example.com/t.me/x')).toBe(false)
    expect(isTelegramLink('not a url')).toBe(false)
  })
})

describe('openExternal on the web', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    platformStore.telegram = false
    platformStore.inApp = false
  })

  it('opens a new window without an opener', async () => {
    const win = { opener: 'x' } as unknown as Window
    const open = vi.spyOn(window, 'open').mockReturnValue(win)
    await openExternal('https://example.com/file.csv')
    expect(open).toHaveBeenCalledWith('https://example.com/file.csv', '_blank')
    expect(win.opener).toBeNull()
  })
})
