import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Done means used (issue 16): every export of src/lib is used by code that is not a test,
// either an importer (src/app, features, routes, ui, or another src/lib module, whose own
// exports are checked in turn) or its own module (a constant exported so tests can name it).
// An export only its tests call is a stub by another name.

/** Deliberate exceptions, each with its reason (at most 5): a module path or `path: name`. */
const EXCEPTIONS: Record<string, string> = {
  'src/lib/analytics/analytics.ts: resetAnalytics':
    'the queue is module state: tests start each case from an empty queue and no sender',
  'src/lib/telegram/tma-config.ts: miniAppLink':
    'the t.me link of a start payload, for share links into the mini-app (issue 15, Telegram start)',
}

const ROOT = resolve(__dirname, '../..')
const isTest = (f: string) => /\.test\.tsx?$/.test(f)
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name)
    if (d.isDirectory()) return sourceFiles(p)
    return /\.tsx?$/.test(d.name) && !isTest(d.name) ? [p] : []
  })

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** The names a module exports. */
function exportsOf(file: string): string[] {
  const names: string[] = []
  for (const st of parse(file).statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause))
      names.push(...st.exportClause.elements.map((e) => e.name.text))
    if (!hasExport(st)) continue
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.push(d.name.text)
    if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isTypeAliasDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isEnumDeclaration(st)) &&
      st.name
    )
      names.push(st.name.text)
  }
  return names
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const c of [base, `${base}.ts`, `${base}.tsx`])
    if (existsSync(c) && /\.tsx?$/.test(c)) return c
  return null
}

/** module → names other modules import from it ('*' for all). */
function importsByModule(files: string[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>()
  const mark = (mod: string, name: string) => {
    if (!used.has(mod)) used.set(mod, new Set())
    used.get(mod)!.add(name)
  }
  for (const file of files) {
    const source = parse(file)
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const mod = resolveImport(file, node.moduleSpecifier.text)
        if (mod) {
          const clause = ts.isImportDeclaration(node) ? node.importClause : undefined
          const bindings = clause?.namedBindings
          if (ts.isExportDeclaration(node)) {
            const names = node.exportClause
            if (names && ts.isNamedExports(names))
              for (const e of names.elements) mark(mod, (e.propertyName ?? e.name).text)
            else mark(mod, '*')
          } else if (bindings && ts.isNamespaceImport(bindings)) mark(mod, '*')
          else {
            if (clause?.name) mark(mod, 'default')
            if (bindings && ts.isNamedImports(bindings))
              for (const e of bindings.elements) mark(mod, (e.propertyName ?? e.name).text)
          }
        }
      }
      // typeof import('./x'): the whole module is handed on as one object.
      if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        const mod = resolveImport(file, node.argument.literal.text)
        if (mod) mark(mod, '*')
      }
      // import('./x'): what the importer reads off the module is a property access.
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const mod = resolveImport(file, node.arguments[0].text)
        if (mod) {
          const text = source.getFullText()
          for (const name of exportsOf(mod))
            if (new RegExp(`\\b${name}\\b`).test(text)) mark(mod, name)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return used
}

describe('src/lib exports', () => {
  const all = [
    ...sourceFiles(join(ROOT, 'src')),
    ...sourceFiles(join(ROOT, 'server')),
    ...sourceFiles(join(ROOT, 'scripts')),
    ...['uno.config.ts', 'vite.config.ts'].map((f) => join(ROOT, f)),
  ]
  const used = importsByModule(all)
  const lib = sourceFiles(join(ROOT, 'src/lib'))

  it('each has an importer that is not a test, or is a listed exception with a reason', () => {
    const unused = lib.flatMap((file) => {
      const names = used.get(file) ?? new Set()
      if (names.has('*')) return []
      const text = readFileSync(file, 'utf8')
      const usedInside = (n: string) => (text.match(new RegExp(`\\b${n}\\b`, 'g')) ?? []).length > 1
      return exportsOf(file)
        .filter((n) => !names.has(n) && !usedInside(n))
        .map((n) => `${relative(ROOT, file)}: ${n}`)
    })
    expect(lib.length).toBeGreaterThan(30)
    const excepted = (u: string) => u in EXCEPTIONS || u.split(':')[0]! in EXCEPTIONS
    expect(unused.filter((u) => !excepted(u))).toEqual([])
  })

  it('keeps at most 5 exceptions, each with a reason, each naming a real module', () => {
    expect(Object.keys(EXCEPTIONS).length).toBeLessThanOrEqual(5)
    for (const [key, reason] of Object.entries(EXCEPTIONS)) {
      expect(reason.length).toBeGreaterThan(20)
      const [path, name] = key.split(': ')
      expect(existsSync(join(ROOT, path!))).toBe(true)
      if (name) expect(exportsOf(join(ROOT, path!))).toContain(name)
    }
  })

  it('finds an unused export (the check itself can fail)', () => {
    const names = importsByModule([join(ROOT, 'src/app/start-shared-behaviour.ts')])
    const analytics = join(ROOT, 'src/lib/analytics/analytics.ts')
    expect(names.get(analytics)).toEqual(new Set(['startAnalytics']))
    expect(exportsOf(analytics)).toContain('trackEvent')
  })
})
