import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadNamespace, type PageNamespace } from '../../../src/app/i18n-namespaces'
import { loadExportTexts } from '../../../src/features/export/export-texts'
import { i18n, setLanguage, TEXT_LANGUAGES } from '../../../src/lib/i18n/i18n'
import { LOCALE_MAPPING, mapLocale } from '../../../src/lib/locale/locale'

type Texts = { [key: string]: string | Texts }

const ROOT = 'locales'
const PLURAL = /_(zero|one|two|few|many|other)$/
const PAGE_NAMESPACES: PageNamespace[] = [
  'subscribe',
  'auth',
  'compliance',
  'my-earn',
  'settings',
  'pages',
]

const folders = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const read = (lng: string, file: string): Texts =>
  JSON.parse(readFileSync(join(ROOT, lng, file), 'utf8')) as Texts
const files = (lng: string) => readdirSync(join(ROOT, lng)).filter((f) => f.endsWith('.json'))

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(texts)) {
    if (typeof v === 'string') out.set(prefix + k, v)
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv)
  }
  return out
}
const baseKey = (key: string) => key.replace(PLURAL, '')
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

/** English keys by base key (plural forms folded), per file. */
const english = new Map(files('en').map((f) => [f, flatten(read('en', f))]))

afterAll(() => setLanguage('en'))

describe('locale folders', () => {
  it('every locale the spec mapping names has a folder, and the client knows every folder', () => {
    const targets = new Set(Object.values(LOCALE_MAPPING).map(mapLocale))
    for (const lng of targets) expect(folders, `locales/${lng}`).toContain(lng)
    expect([...TEXT_LANGUAGES].sort()).toEqual(folders.filter((f) => f !== 'en').sort())
    for (const lng of folders) expect(files(lng), lng).toContain('common.json')
  })

  it.each(folders.filter((f) => f !== 'en'))(
    '%s has only English keys, strings, no {{variables}} English lacks, its own plural forms',
    (lng) => {
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories
      for (const file of files(lng)) {
        const en = english.get(file)
        expect(en, `${lng}/${file} has no English file`).toBeDefined()
        const enBases = new Map([...en!].map(([k, v]) => [baseKey(k), v]))
        for (const [key, text] of flatten(read(lng, file))) {
          expect(enBases.has(baseKey(key)), `${lng}/${file}: ${key} is not an English key`).toBe(
            true,
          )
          expect(typeof text).toBe('string')
          // A translation may leave a variable out ("one day" in Arabic), never invent one.
          const enVariables = variables(enBases.get(baseKey(key))!)
          for (const v of variables(text))
            expect(enVariables, `${lng}/${file}: ${key}`).toContain(v)
          const plural = PLURAL.exec(key)?.[1]
          if (plural)
            expect(categories, `${lng}/${file}: ${key}`).toContain(plural as Intl.LDMLPluralRule)
        }
      }
    },
  )

  it('kk-KZ translates every first-load (common) text, in each of its plural forms', () => {
    const kk = flatten(read('kk-KZ', 'common.json'))
    const categories = new Intl.PluralRules('kk').resolvedOptions().pluralCategories
    for (const key of english.get('common.json')!.keys()) {
      const plural = PLURAL.exec(key)
      if (!plural) expect(kk.has(key), `kk-KZ common: ${key}`).toBe(true)
      else
        for (const c of categories)
          expect(kk.has(`${baseKey(key)}_${c}`), `kk-KZ: ${baseKey(key)}_${c}`).toBe(true)
    }
  })

  it.each(['en', ...TEXT_LANGUAGES])(
    '%s: every English key shows text, its own or the English fallback, never the raw key',
    async (lng) => {
      await setLanguage(lng)
      for (const ns of PAGE_NAMESPACES) await loadNamespace(ns)
      await loadExportTexts()
      expect(i18n.language).toBe(lng)
      const all = new Map([...english.values()].flatMap((m) => [...m]))
      for (const [key, text] of all) {
        const base = baseKey(key)
        const values = Object.fromEntries(variables(text).map((v) => [v, 'X']))
        for (const count of [0, 1, 2, 5, 21, 1.5]) {
          const shown = String(i18n.t(base, { ...values, count }))
          expect(shown, `${lng}: ${base}`).not.toBe(base)
          if (text !== '') expect(shown.trim(), `${lng}: ${base}`).not.toBe('')
          expect(shown, `${lng}: ${base}`).not.toMatch(/\{\{/)
        }
      }
    },
  )

  it('kk-KZ (and kk-KAZ, which maps to it) shows Kazakh on the home page', async () => {
    await setLanguage(mapLocale('kk-KAZ'))
    expect(i18n.language).toBe('kk-KZ')
    expect(i18n.t('home.banner.title')).toBe('Криптоңыз сіз үшін жұмыс істесін')
    expect(i18n.t('products.days', { count: 30 })).toBe('30 күн')
    await loadNamespace('subscribe')
    expect(i18n.t('subscribe.voucher.none')).toBe('Ваучерсіз')
  })

  it('a page text a language has no bundle for falls back to English', async () => {
    await setLanguage('de-DE')
    await loadNamespace('subscribe')
    expect(i18n.t('subscribe.voucher.none')).toBe('No voucher')
  })
})
