import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformStore } from '../../../src/lib/platform/platform-store'
import {
  loadPreferences,
  preferences,
  PREFERENCES_KEY,
  savePreferences,
} from '../../../src/lib/preferences/preferences'

afterEach(() => {
  localStorage.clear()
  preferences.hideBalances = false
  preferences.loaded = false
  platformStore.telegram = false
  document.documentElement.removeAttribute('data-hide-balances')
  vi.restoreAllMocks()
})

describe('preferences on the web (localStorage)', () => {
  it('saves, marks the page at once, and reads back after a reload', async () => {
    await savePreferences({ hideBalances: true })
    expect(document.documentElement.hasAttribute('data-hide-balances')).toBe(true)
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({ hideBalances: true })

    preferences.hideBalances = false
    document.documentElement.removeAttribute('data-hide-balances')
    await loadPreferences()
    expect(preferences).toMatchObject({ hideBalances: true, loaded: true })
    expect(document.documentElement.hasAttribute('data-hide-balances')).toBe(true)
  })

  it('reads a broken or foreign value as the defaults, never throwing', async () => {
    localStorage.setItem(PREFERENCES_KEY, '{not json')
    await loadPreferences()
    expect(preferences).toMatchObject({ hideBalances: false, loaded: true })
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ hideBalances: 'yes' }))
    await loadPreferences()
    expect(preferences.hideBalances).toBe(false)
  })

  it('a storage that fails to read leaves the defaults and still marks them loaded', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await loadPreferences()
    expect(preferences).toMatchObject({ hideBalances: false, loaded: true })
  })
})

describe('preferences inside Telegram without cloud storage', () => {
  it('fall back to this device', async () => {
    platformStore.telegram = true
    await savePreferences({ hideBalances: true })
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({ hideBalances: true })
  })
})
