import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import i18next, { type TFunction } from 'i18next'
import en from '../../locales/en/server/bot.json'

// The bot's texts: locales/<language>/server/bot.json, in the client's locale folders (a subfolder:
// the client loads every top-level file there).
// Languages without one fall back to English, key by key.

export type BotTextKey = keyof typeof en

const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url))
const FALLBACK = 'en'

const languages = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const readLocale = (lng: string, ...path: string[]) =>
  existsSync(join(LOCALES_DIR, lng, ...path))
    ? (JSON.parse(readFileSync(join(LOCALES_DIR, lng, ...path), 'utf8')) as object)
    : {}

// The app's common texts too (product types, risk, days), for the shared product card.
const resources = Object.fromEntries(
  languages.map((lng) => [
    lng,
    { bot: readLocale(lng, 'server', 'bot.json'), common: readLocale(lng, 'common.json') },
  ]),
)

const instance = i18next.createInstance()
void instance.init({
  resources,
  lng: FALLBACK,
  fallbackLng: FALLBACK,
  ns: ['bot', 'common'],
  defaultNS: 'bot',
  // Plain text messages (no parse_mode): nothing to escape.
  interpolation: { escapeValue: false },
  initAsync: false,
})

/**
 * The text language for a Telegram language_code (IETF: "ru", "pt-br", "ar") or an exchange
 * locale ("ar-SA"): the locale folder of that name, else the first folder of the same language
 * (ar → ar-SA), else English.
 */
export function botLanguage(code: string | null | undefined): string {
  if (!code) return FALLBACK
  const lower = code.toLowerCase()
  const exact = languages.find((l) => l.toLowerCase() === lower)
  if (exact) return exact
  const primary = lower.split(/[-_]/)[0]
  return languages.find((l) => l.toLowerCase().split('-')[0] === primary) ?? FALLBACK
}

const tFor = new Map<string, TFunction>()

const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * An amount (a decimal string, as the ledger keeps it) the way the language writes numbers:
 * 1.234,5 in de-DE, 1 234,5 in ru-RU; every decimal kept (Intl formats the string itself, no
 * float), Latin digits as in the app.
 */
export function botAmount(language: string, amount: string): string {
  if (!DECIMAL.test(amount)) return amount
  const locale = language === FALLBACK ? 'en' : language
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 20,
    numberingSystem: 'latn',
  }).format(amount as `${number}`)
}

/** The bot's text in a language (see botLanguage), with {{variables}} filled in. */
export function botText(
  language: string,
  key: BotTextKey,
  vars: Record<string, string> = {},
): string {
  let t = tFor.get(language)
  if (!t) tFor.set(language, (t = instance.getFixedT(language)))
  const shown =
    vars.amount === undefined ? vars : { ...vars, amount: botAmount(language, vars.amount) }
  return t(key, shown)
}

/** One of the app's own texts (locales/<language>/common.json), e.g. `products.risk.low`. */
export function appText(
  language: string,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  let t = tFor.get(language)
  if (!t) tFor.set(language, (t = instance.getFixedT(language)))
  return t(key, { ...vars, ns: 'common' })
}

/** A rate (a decimal fraction, "0.055") as the language writes a percent: 5.50%. */
export function botPercent(language: string, rate: string): string {
  return new Intl.NumberFormat(language === FALLBACK ? 'en' : language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }).format(rate as `${number}`)
}
