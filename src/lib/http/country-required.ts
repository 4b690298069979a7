import { RetCode } from '../../../contract/ret-codes'

// An account without a country of residence (created through Telegram) is asked for it before
// its first money move (server: 10451, docs/security.md round two item 6). The flow that met
// the code asks here; the app's host shows the picker and answers whether one was declared.

export const COUNTRY_REQUIRED_CODE = RetCode.CountryRequired

type Ask = (declared: (ok: boolean) => void) => void
const askers = new Set<Ask>()

/** Shows the country picker; true once a country was declared, false when it was closed. */
export function askCountry(): Promise<boolean> {
  const [ask] = askers
  if (!ask) return Promise.resolve(false)
  return new Promise((resolve) => ask(resolve))
}

/** The UI registers the picker here; returns the unregister function. */
export function onCountryAsked(ask: Ask): () => void {
  askers.add(ask)
  return () => askers.delete(ask)
}
