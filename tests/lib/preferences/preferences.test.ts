import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformStore } from '../../../src/lib/platform/platform-store'
import {
  loadPreferences,
  pickDisplayCurrency,
  preferences,
  PREFERENCES_KEY,
  savePreferences,
} from '../../../src/lib/preferences/preferences'

afterEach(() => {
  localStorage.clear()
  preferences.hideBalances = false
  preferences.currency = 'USD'
  preferences.loaded = false
  platformStore.telegram = false
  document.documentElement.removeAttribute('data-hide-balances')
  vi.restoreAllMocks()
})

describe('preferences on the web (localStorage)', () => {
  it('saves, marks the page at once, and reads back after a reload', async () => {
    await savePreferences({ hideBalances: true })
    expect(document.documentElement.hasAttribute('data-hide-balances')).toBe(true)
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({
      hideBalances: true,
      currency: 'USD',
    })

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
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toMatchObject({
      hideBalances: true,
    })
  })
})

describe('the display currency', () => {
  it('is stored with the other preferences and read back', async () => {
    await pickDisplayCurrency('EUR')
    expect(preferences.currency).toBe('EUR')
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({
      hideBalances: false,
      currency: 'EUR',
    })
    preferences.currency = 'USD'
    await loadPreferences()
    expect(preferences.currency).toBe('EUR')
  })

  it('ignores a currency outside the spec list, picked or stored', async () => {
    await pickDisplayCurrency('XXX')
    expect(preferences.currency).toBe('USD')
    expect(localStorage.getItem(PREFERENCES_KEY)).toBeNull()
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ currency: 'DOGE' }))
    await loadPreferences()
    expect(preferences.currency).toBe('USD')
  })

  it('keeps a choice this browser made before it joined the preferences', async () => {
    localStorage.setItem('earn/display-currency', 'JPY')
    await loadPreferences()
    expect(preferences.currency).toBe('JPY')
  })

  it('a store that refuses the write keeps the choice for this page', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota')
    })
    await expect(pickDisplayCurrency('GBP')).resolves.toBeUndefined()
    expect(preferences.currency).toBe('GBP')
  })
})
