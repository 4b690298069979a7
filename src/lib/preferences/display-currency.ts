import { proxy, subscribe } from 'valtio'
import { FIAT_CURRENCIES, type FiatCurrency } from '../../../contract/fiat-currencies'

const STORAGE_KEY = 'earn/display-currency'

const isCurrency = (v: unknown): v is FiatCurrency =>
  typeof v === 'string' && (FIAT_CURRENCIES as readonly string[]).includes(v)

function stored(): FiatCurrency {
  try {
    const v = localStorage.getItem(STORAGE_KEY)
    return isCurrency(v) ? v : 'USD'
  } catch {
    return 'USD'
  }
}

/** The currency the user picked for values (USD until they pick), kept across visits. */
export const displayCurrency = proxy<{ currency: FiatCurrency }>({
  currency: typeof window === 'undefined' ? 'USD' : stored(),
})

if (typeof window !== 'undefined')
  subscribe(displayCurrency, () => {
    try {
      localStorage.setItem(STORAGE_KEY, displayCurrency.currency)
    } catch {
      // Without storage the choice lasts for this page only.
    }
  })

export const pickDisplayCurrency = (value: string) => {
  if (isCurrency(value)) displayCurrency.currency = value
}

/** A value in a fiat currency, grouped, with the currency's own decimals (JPY none). */
export function formatFiat(value: string | number, currency: FiatCurrency, locale: string) {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(Number(value))
}
