import { describe, expect, it } from 'vitest'
import {
  hashWithoutLaunchParams,
  readTelegramLaunch,
} from '../../../src/lib/platform/telegram-launch'

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

describe('readTelegramLaunch', () => {
  const storage = () => {
    const map = new Map<string, string>()
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    }
  }
  const hashFor = (user: object) =>
    '#' +
    new URLSearchParams({
      tgWebAppData: new URLSearchParams({ user: JSON.stringify(user), hash: 'x' }).toString(),
      tgWebAppPlatform: 'android',
    }).toString()

  it("reads the user's language_code, and keeps it for a reload without the hash", () => {
    const kept = storage()
    expect(readTelegramLaunch(hashFor({ id: 1, language_code: 'ru' }), kept)?.languageCode).toBe(
      'ru',
    )
    expect(readTelegramLaunch('', kept)?.languageCode).toBe('ru')
    expect(readTelegramLaunch(hashFor({ id: 1 }), storage())?.languageCode).toBeNull()
  })
})
