// One place for every wire value: the API prefix, the earn path and every return code live in
// contract/ and are imported everywhere else, never typed again. Also: no import cycle, type
// imports included (import-x/no-cycle skips those).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_BRIDGE_METHOD } from '../../contract/app-bridge'
import { APP_SCREEN } from '../../contract/app-deep-links'
import { API_PREFIX, EARN_PATH } from '../../contract/paths'
import { BillExportRetCode, OrderRetCode } from '../../contract/order-ret-codes'
import { RetCode } from '../../contract/ret-codes'
import { findCycles, importGraph, sourceFiles } from '../../scripts/import-graph'

const CODE_DIRS = ['src', 'server']

/** Source without its comments (a comment may name a path or a code). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
const codeOf = (file: string) => withoutComments(readFileSync(file, 'utf8'))

const files = () =>
  CODE_DIRS.flatMap((d) => sourceFiles(d)).filter((f) => !f.endsWith('routeTree.gen.ts'))

/** Long codes (10001…) anywhere; the three-digit order/export codes where used as codes. */
function codeLiterals(code: string): string[] {
  const long = Object.values(RetCode).filter((c) => c >= 10_000)
  const short = [...Object.values(OrderRetCode), ...Object.values(BillExportRetCode)]
  const found: string[] = []
  for (const c of long)
    for (const m of code.matchAll(new RegExp(`(?<![\\w.-])${c}(?![\\w.])`, 'g'))) found.push(m[0])
  for (const c of new Set(short)) {
    const asCode = new RegExp(
      `(?:(?:===|!==|==|!=|case)\\s*${c}\\b|(?<![\\w.-])${c}\\s*(?:as\\b|:)|\\b(?:code|ret_code|retCode|fail_code)\\s*[:=]\\s*${c}\\b)`,
      'g',
    )
    for (const m of code.matchAll(asCode)) found.push(m[0])
  }
  return found
}

describe('wire values live in contract/', () => {
  it(`no ${API_PREFIX} or ${EARN_PATH} literal outside contract/`, () => {
    const all = files()
    expect(all.length).toBeGreaterThan(200)
    const bad = all.flatMap((f) =>
      [API_PREFIX, EARN_PATH].filter((p) => codeOf(f).includes(p)).map((p) => `${f}: ${p}`),
    )
    expect(bad).toEqual([])
  })

  it('no numeric return code literal outside contract/', () => {
    const bad = files().flatMap((f) => codeLiterals(codeOf(f)).map((l) => `${f}: ${l}`))
    expect(bad).toEqual([])
  })

  it('no app screen of the deep-link table or app bridge method typed outside contract/', () => {
    // Screens with a slash (earn/center, trade/spot …) and the bridge's methods, quoted: the
    // one-word screens (login, vip) are ordinary words elsewhere.
    const names = [
      ...Object.values(APP_SCREEN).filter((s) => s.includes('/')),
      ...Object.values(APP_BRIDGE_METHOD),
    ]
    expect(names).toContain(APP_SCREEN.earnCenter)
    const bad = files().flatMap((f) => {
      const code = codeOf(f)
      return names.filter((n) => new RegExp(`['"\`]${n}['"\`]`).test(code)).map((n) => `${f}: ${n}`)
    })
    expect(bad).toEqual([])
  })

  it('the checks see what they look for', () => {
    expect(codeLiterals("if (code === 304) x\nconst t = { 10024: 'wall' }\n")).toEqual([
      '10024',
      '=== 304',
    ])
    expect(codeLiterals("const w = 'font-600'\nconst WIDTH = 600\n")).toEqual([])
    expect(withoutComments(`const u = '${API_PREFIX}' // ${EARN_PATH}`)).toBe(
      `const u = '${API_PREFIX}' `,
    )
  })
})

describe('imports', () => {
  it('src, server and contract have no import cycle, type imports included', () => {
    const graph = importGraph(['src', 'server', 'contract'])
    expect(graph.size).toBeGreaterThan(300)
    expect(findCycles(graph)).toEqual([])
  })

  it('the cycle check finds a cycle through a type import', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
    ])
    expect(findCycles(graph, '/')).toEqual([['a.ts', 'b.ts']])
  })
})
