import { describe, expect, it } from 'vitest'
import {
  baseKey,
  ENGLISH,
  englishTexts,
  languages,
  markup,
  mayKeepEnglish,
  placeholders,
  PLURAL,
  pluralForms,
  readTexts,
  textFiles,
} from '../../support/locale-texts'

// Issue 29: every language has every English key of every file (the bot's server/bot.json
// included), nothing else, in its own words (the allowlist of words kept in English, with
// reasons, is KEPT_IN_ENGLISH in tests/support/locale-texts.ts, shared with the e2e check), with
// English's {{placeholders}} and <tags>, and the plural forms its Intl.PluralRules ask for.
// LOCALE_COVERAGE=1 prints the table: English keys present per language.

type Problem = { file: string; kind: string; detail: string }
type Forms = Map<string, unknown> // plural suffix ('' for a plain key) → value

const english = englishTexts()
const others = languages().filter((l) => l !== ENGLISH)

/** Keys by base key: plain keys under '', plural forms under their suffix. */
function byBase(texts: Map<string, unknown>): Map<string, Forms> {
  const out = new Map<string, Forms>()
  for (const [key, value] of texts) {
    const base = baseKey(key)
    if (!out.has(base)) out.set(base, new Map())
    out.get(base)!.set(PLURAL.exec(key)?.[1] ?? '', value)
  }
  return out
}

/** Whether a plural category of the language covers more than one number (21 as well as 1). */
function coversSeveral(language: string, category: string): boolean {
  const rules = new Intl.PluralRules(language)
  const samples = [...Array.from({ length: 201 }, (_, i) => i), 0.5, 1.5, 2.5, 1000000]
  return samples.filter((n) => rules.select(n) === category).length > 1
}

const setOf = (xs: string[]) => [...new Set(xs)].sort()
const same = (a: string[], b: string[]) => a.join('|') === b.join('|')

/** Every problem of one language, and the English keys it has (plural: all its own forms). */
function check(language: string): { problems: Problem[]; present: number; kept: number } {
  const problems: Problem[] = []
  let present = 0
  let kept = 0
  const forms = pluralForms(language)
  const files = new Set(textFiles(language))
  for (const file of files)
    if (!english.has(file)) problems.push({ file, kind: 'file English lacks', detail: file })

  for (const [file, enTexts] of english) {
    const add = (kind: string, detail: string) => problems.push({ file, kind, detail })
    const enBases = byBase(enTexts)
    if (!files.has(file)) {
      for (const key of enTexts.keys()) add('missing', key)
      continue
    }
    const texts = readTexts(language, file)
    if (texts instanceof Error) {
      add('JSON does not parse', texts.message)
      for (const key of enTexts.keys()) add('missing', key)
      continue
    }
    const bases = byBase(texts)
    for (const [base, own] of bases) {
      const en = enBases.get(base)
      if (!en) for (const s of own.keys()) add('key English lacks', s ? `${base}_${s}` : base)
    }
    for (const [base, en] of enBases) {
      const own = bases.get(base) ?? new Map()
      const plural = !en.has('')
      const wanted = plural ? forms : ['']
      const name = (s: string) => (s ? `${base}_${s}` : base)
      for (const s of own.keys())
        if (!wanted.includes(s)) add('key English lacks', `${name(s)} (not a form it uses)`)
      const missing = wanted.filter((s) => !own.has(s))
      for (const s of missing) add('missing', name(s))
      if (!missing.length) present += en.size

      const enOther = String(en.get(plural ? 'other' : ''))
      const enAll = setOf([...en.values()].flatMap((v) => placeholders(String(v))))
      const ownAll: string[] = []
      for (const s of wanted) {
        if (!own.has(s)) continue
        const value = own.get(s)
        if (typeof value !== 'string') {
          add('not a string', name(s))
          continue
        }
        const enText = String(en.get(s) ?? enOther)
        if (value === enText && !mayKeepEnglish(language, enText)) {
          add('still English', `${name(s)}: ${JSON.stringify(value)}`)
          kept++
        }
        const vars = setOf(placeholders(value))
        ownAll.push(...vars)
        if (!plural && !same(vars, enAll))
          add('placeholders', `${name(s)}: ${vars.join(',')} ≠ English ${enAll.join(',')}`)
        if (plural && vars.some((v) => !enAll.includes(v)))
          add('placeholders', `${name(s)}: ${vars.join(',')} ⊄ English ${enAll.join(',')}`)
        if (
          plural &&
          enAll.includes('count') &&
          !vars.includes('count') &&
          coversSeveral(language, s)
        )
          add('placeholders', `${name(s)} covers several numbers but shows no {{count}}`)
        if (!same(markup(value), markup(enText)))
          add('tags', `${name(s)}: ${markup(value).join('')} ≠ English ${markup(enText).join('')}`)
      }
      if (plural && wanted.every((s) => own.has(s)) && !same(setOf(ownAll), enAll))
        add(
          'placeholders',
          `${base}: its forms show ${setOf(ownAll).join(',')} ≠ ${enAll.join(',')}`,
        )
    }
  }
  return { problems, present, kept }
}

const englishKeys = [...english.values()].reduce((n, m) => n + m.size, 0)
const results = new Map(others.map((l) => [l, check(l)]))

/** A readable failure: counts by file and kind, then the first problems. */
function summary(language: string, problems: Problem[]): string {
  const counts = new Map<string, number>()
  for (const p of problems)
    counts.set(`${p.file} ${p.kind}`, (counts.get(`${p.file} ${p.kind}`) ?? 0) + 1)
  const lines = [...counts].map(([k, n]) => `  ${k}: ${n}`)
  const first = problems.slice(0, 30).map((p) => `  ${p.file} ${p.kind}: ${p.detail}`)
  return [`${language}: ${problems.length} problems`, ...lines, 'first:', ...first].join('\n')
}

if (process.env.LOCALE_COVERAGE) {
  const rows = [...results].map(([l, r]) => {
    const pct = Math.floor((r.present / englishKeys) * 100)
    return `| ${l} | ${r.present} (${pct} %) | ${r.kept} | ${r.problems.length} |`
  })
  console.log(
    [
      `English keys: ${englishKeys}`,
      '| language | keys | still English | problems |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  )
}

describe('every language is complete (issue 29)', () => {
  it('English has texts in every file, and every language a folder', () => {
    expect(englishKeys).toBeGreaterThan(500)
    expect([...english.keys()]).toContain('server/bot.json')
    expect(others.length).toBe(13)
  })

  it.each(others)('%s: every English key, nothing else, in its own words and forms', (language) => {
    const { problems } = results.get(language)!
    if (problems.length) expect.fail(summary(language, problems))
  })
})
