import { proxy } from 'valtio'
import { FIAT_CURRENCIES, type FiatCurrency } from '../../../contract/fiat-currencies'
import { platformStore } from '../platform/platform-store'
import { localStore as browserStore } from '../storage/safe-storage'

// The user's display preferences (docs/telegram.md, Settings). Inside Telegram they live in
// the bot's cloud storage, synced across the user's Telegram devices; on the web in this
// browser's localStorage. What the server must enforce (biometry, notifications) is not here.

export type Preferences = {
  /** Amounts of the user's own money masked on screen (a shoulder-surfing guard). */
  hideBalances: boolean
  /** The fiat currency values are shown in (converted through exchange-rate, spec §7). */
  currency: FiatCurrency
}

const DEFAULTS: Preferences = { hideBalances: false, currency: 'USD' }

/** Cloud storage keys allow A-Z a-z 0-9 _ - only. */
export const PREFERENCES_KEY = 'earn_preferences'
/** Where this browser kept the display currency before it joined the preferences. */
const OLD_CURRENCY_KEY = 'earn/display-currency'

export const preferences = proxy<Preferences & { loaded: boolean }>({ ...DEFAULTS, loaded: false })

type Store = { get(): Promise<string>; set(value: string): Promise<void> }

const localStore: Store = {
  get: async () => browserStore.getItem(PREFERENCES_KEY) ?? '',
  set: async (value) => browserStore.setItem(PREFERENCES_KEY, value),
}

async function store(): Promise<Store> {
  if (!platformStore.telegram) return localStore
  const { telegramCloudStore } = await import('../telegram/telegram-cloud-storage')
  return telegramCloudStore(PREFERENCES_KEY) ?? localStore
}

function apply() {
  document.documentElement.toggleAttribute('data-hide-balances', preferences.hideBalances)
}

const isCurrency = (v: unknown): v is FiatCurrency =>
  typeof v === 'string' && (FIAT_CURRENCIES as readonly string[]).includes(v)

function parse(raw: string): Partial<Record<keyof Preferences, unknown>> {
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof Preferences, unknown>>
    return typeof value === 'object' && value ? value : {}
  } catch {
    return {}
  }
}

function oldCurrency(): unknown {
  return browserStore.getItem(OLD_CURRENCY_KEY)
}

/** Reads the stored preferences and applies them to the page. Never throws. */
export async function loadPreferences(): Promise<void> {
  try {
    const stored = parse(await (await store()).get())
    preferences.hideBalances = stored.hideBalances === true
    const currency = stored.currency ?? oldCurrency()
    preferences.currency = isCurrency(currency) ? currency : DEFAULTS.currency
  } catch (err) {
    console.warn('[preferences] not read', err)
  }
  preferences.loaded = true
  apply()
}

/** Changes preferences here at once and stores them (synced in Telegram). */
export async function savePreferences(patch: Partial<Preferences>): Promise<void> {
  Object.assign(preferences, patch)
  apply()
  const { hideBalances, currency } = preferences
  await (await store()).set(JSON.stringify({ hideBalances, currency }))
}

/** A currency picked in a list; anything not in the spec's list is ignored. */
export function pickDisplayCurrency(value: string): Promise<void> {
  if (!isCurrency(value)) return Promise.resolve()
  return savePreferences({ currency: value }).catch((err: unknown) =>
    console.warn('[preferences] not stored', err),
  )
}
