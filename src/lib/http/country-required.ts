import { RetCode } from '../../../contract/ret-codes'

// An account without a country of residence (created through Telegram) is asked for it before
// its first money move (server: 10451, docs/security.md round two item 6). The flow that met
// the code asks here; the app's host shows the picker and answers whether one was declared.

export const COUNTRY_REQUIRED_CODE = RetCode.CountryRequired

type Ask = (declared: (ok: boolean) => void) => void
const askers = new Set<Ask>()
/** Asks made before any host registered, each waiting for one. */
const waiting = new Set<() => void>()

/**
 * How long an ask waits for the picker's host. The host is a lazy part of the earn layout: on a
 * slow device a subscription made right after the page went live can meet 10451 before the
 * host's chunk has loaded, and was then refused as if the picker had been closed.
 */
export const COUNTRY_HOST_WAIT_MS = 10_000

const hostWithin = (ms: number) =>
  new Promise<Ask | undefined>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      waiting.delete(done)
      resolve(askers.values().next().value)
    }
    const timer = setTimeout(done, ms)
    waiting.add(done)
  })

/** Shows the country picker; true once a country was declared, false when it was closed. */
export async function askCountry(waitMs = COUNTRY_HOST_WAIT_MS): Promise<boolean> {
  const ask = askers.values().next().value ?? (await hostWithin(waitMs))
  if (!ask) return false
  return new Promise((resolve) => ask(resolve))
}

/** The UI registers the picker here; returns the unregister function. */
export function onCountryAsked(ask: Ask): () => void {
  askers.add(ask)
  for (const done of [...waiting]) done()
  return () => askers.delete(ask)
}
