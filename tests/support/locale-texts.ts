// The texts of locales/ as data, for the completeness test (tests/lib/i18n) and the e2e check
// that a translated page shows no English sentence (e2e/locale-complete.spec.ts): every file of
// a language (server/bot.json included), flattened to dotted keys, compared with English.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export const LOCALES_DIR = 'locales'
export const ENGLISH = 'en'

type Texts = { [key: string]: unknown }

/**
 * English strings a language may keep word for word, each with its reason. Everything else a
 * language shows must be its own text; strings with no letters besides {{placeholders}} and
 * <tags> ("{{amount}} {{coin}}", "") need no entry. `languages` absent: every language.
 */
export const KEPT_IN_ENGLISH: readonly { text: string; languages?: string[]; reason: string }[] = [
  { text: 'Earn', reason: 'the brand of the section, as the exchange names it in every market' },
  ...['Launchpool', 'Easy Earn', 'Dual Asset', 'Double Win', 'Discount Buy', 'Smart Leverage'].map(
    (text) => ({ text, reason: 'a product name: the exchanges brand it so in every language' }),
  ),
  { text: 'DeFi', reason: 'the name of the sector, written so in every language' },
  { text: 'APR', reason: 'the figure by its international name, as the big exchanges show it' },
  // Words a language writes the same: its own word, or the loanword its exchanges use.
  ...[
    [
      'Staking',
      'de-DE es-ES fr-FR id-ID it-IT nl-NL pl-PL pt-PT tr-TR',
      'the loanword exchanges use',
    ],
    ['Spot', 'it-IT nl-NL pt-PT tr-TR', "the spot account, by the exchanges' loanword"],
    ['Coin', 'de-DE tr-TR', "the exchanges' word in German and Turkish crypto apps"],
    ['Pool', 'de-DE es-ES fr-FR nl-NL pt-PT', 'the DeFi loanword for a liquidity pool'],
    ['Pools', 'de-DE es-ES fr-FR nl-NL pt-PT', 'the DeFi loanword for liquidity pools'],
    ['Mining', 'de-DE it-IT nl-NL', 'liquidity mining, by the loanword'],
    ['Bonus', 'de-DE fr-FR id-ID it-IT nl-NL tr-TR', 'the same word in these languages'],
    ['Status', 'de-DE nl-NL', 'the same word in German and Dutch'],
    ['Details', 'de-DE', 'the same word in German'],
    ['OK', 'de-DE fr-FR', 'a button word these languages use as is'],
    ['Max', 'fr-FR it-IT', "the amount button's abbreviation, the same in French and Italian"],
    ['Flexible', 'es-ES fr-FR', 'the same word in Spanish and French'],
    ['Type', 'fr-FR', 'the same word in French'],
    ['Positions', 'fr-FR', 'the same word in French'],
    ['Participants', 'fr-FR', 'the same word in French'],
    ['Action', 'fr-FR', 'the same word in French'],
    ['Min. {{min}}', 'fr-FR', 'minimum abbreviated the same in French'],
    ['Min. {{amount}} {{coin}}', 'fr-FR', 'minimum abbreviated the same in French'],
    ['Voucher', 'id-ID', 'the word Indonesian shops and exchanges use'],
    ['Password', 'it-IT', 'the word Italian uses for it'],
    ['Product', 'nl-NL', 'the same word in Dutch'],
  ].map(([text, languages, reason]) => ({
    text: text!,
    languages: languages!.split(' '),
    reason: reason!,
  })),
]

/** The plural suffixes of i18next (CLDR categories). */
export const PLURAL = /_(zero|one|two|few|many|other)$/
export const baseKey = (key: string) => key.replace(PLURAL, '')

/** Every language folder, English first. */
export const languages = (): string[] =>
  readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort((a, b) => (a === ENGLISH ? -1 : b === ENGLISH ? 1 : a.localeCompare(b)))

/** A language's text files, relative to its folder ("common.json", "server/bot.json"). */
export function textFiles(language: string): string[] {
  const root = join(LOCALES_DIR, language)
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory()
        ? walk(join(dir, d.name))
        : d.name.endsWith('.json')
          ? [relative(root, join(dir, d.name))]
          : [],
    )
  return walk(root).sort()
}

/** Dotted key → value; a value that is not a string is kept as is (the test reports it). */
export function flatten(texts: Texts, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [k, v] of Object.entries(texts)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [kk, vv] of flatten(v as Texts, `${prefix}${k}.`)) out.set(kk, vv)
    else out.set(prefix + k, v)
  }
  return out
}

/** A file's flattened texts, or the parse error. */
export function readTexts(language: string, file: string): Map<string, unknown> | Error {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8'))
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return new Error('not a JSON object')
    return flatten(parsed as Texts)
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e))
  }
}

/** A language's text for a key of one of its files, else English's (the client's fallback). */
export function textOf(language: string, file: string, key: string): string {
  for (const lng of [language, ENGLISH]) {
    const texts = readTexts(lng, file)
    const text = texts instanceof Error ? undefined : texts.get(key)
    if (typeof text === 'string') return text
  }
  throw new Error(`no text ${file}: ${key}`)
}

/** Every English file's texts (English must parse: the other checks stand on it). */
export function englishTexts(): Map<string, Map<string, string>> {
  return new Map(
    textFiles(ENGLISH).map((file) => {
      const texts = readTexts(ENGLISH, file)
      if (texts instanceof Error) throw new Error(`locales/en/${file}: ${texts.message}`)
      return [file, texts as Map<string, string>]
    }),
  )
}

/** The plural forms i18next asks a language for (Intl.PluralRules, cardinal). */
export const pluralForms = (language: string): string[] =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories

/** {{name}} and {{name, format}} placeholders by name, sorted, with repeats. */
export const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort()

/** <tag>, </tag>, <tag/> and $t(nesting), sorted, with repeats. */
export const markup = (text: string) =>
  [...text.matchAll(/<\/?\s*[\w-]+\s*\/?>|\$t\([^)]*\)/g)]
    .map((m) => m[0].replace(/\s/g, ''))
    .sort()

/** The words of a text: what is left without placeholders, markup, digits and punctuation. */
export const words = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>|\$t\([^)]*\)/g, ' ')
    .match(/\p{L}+/gu) ?? []

/** Whether `language` may show this English text unchanged (no words, or on the allowlist). */
export const mayKeepEnglish = (language: string, english: string) =>
  words(english).length === 0 ||
  KEPT_IN_ENGLISH.some(
    (k) => k.text === english && (!k.languages || k.languages.includes(language)),
  )
