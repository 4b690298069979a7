import { afterEach, describe, expect, it, vi } from 'vitest'

const KEY = 'earn/display-currency'
/** A fresh copy of the module: its store reads storage once, when it is first imported. */
const load = async () => {
  vi.resetModules()
  return import('../../../src/lib/preferences/display-currency')
}

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('display currency', () => {
  it('starts in USD, keeps a picked currency across a reload, ignores what it does not know', async () => {
    const first = await load()
    expect(first.displayCurrency.currency).toBe('USD')
    first.pickDisplayCurrency('EUR')
    first.pickDisplayCurrency('XYZ')
    expect(first.displayCurrency.currency).toBe('EUR')
    // valtio tells subscribers after the current task.
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBe('EUR'))
    expect((await load()).displayCurrency.currency).toBe('EUR')
  })

  it('falls back to USD for a broken stored value or storage that refuses to be read', async () => {
    localStorage.setItem(KEY, 'DOGE')
    expect((await load()).displayCurrency.currency).toBe('USD')
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    expect((await load()).displayCurrency.currency).toBe('USD')
  })

  it('keeps the choice for the page when storage refuses to write', async () => {
    const m = await load()
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota')
    })
    m.pickDisplayCurrency('GBP')
    await Promise.resolve()
    expect(m.displayCurrency.currency).toBe('GBP')
  })

  it('formats a value with the currency’s own symbol and decimals', async () => {
    const { formatFiat } = await load()
    expect(formatFiat('1234.5', 'EUR', 'en')).toBe('€1,234.50')
    expect(formatFiat('1234.5', 'JPY', 'en')).toBe('¥1,235')
  })
})
