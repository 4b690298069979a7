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

const resources = Object.fromEntries(
  languages
    .filter((lng) => existsSync(join(LOCALES_DIR, lng, 'server', 'bot.json')))
    .map((lng) => [
      lng,
      {
        bot: JSON.parse(
          readFileSync(join(LOCALES_DIR, lng, 'server', 'bot.json'), 'utf8'),
        ) as object,
      },
    ]),
)

const instance = i18next.createInstance()
void instance.init({
  resources,
  lng: FALLBACK,
  fallbackLng: FALLBACK,
  ns: ['bot'],
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
