import { describe, expect, it } from 'vitest'
import { hashWithoutLaunchParams } from '../../../src/lib/platform/telegram-launch'

describe('hashWithoutLaunchParams', () => {
  it("drops Telegram's launch parameters and keeps the page's own hash", () => {
    expect(
      hashWithoutLaunchParams('#tgWebAppData=a%3D1&tgWebAppVersion=8.0&tgWebAppPlatform=ios'),
    ).toBe('')
    expect(hashWithoutLaunchParams('#tgWebAppPlatform=ios&section=faq')).toBe('#section=faq')
    expect(hashWithoutLaunchParams('#faq')).toBe('#faq')
    expect(hashWithoutLaunchParams('')).toBe('')
  })
})
