// The project's import graph, type imports included (import-x/no-cycle skips `import type`, so a
// cycle through types would pass ESLint). Used by scripts/check-cycles.ts and its test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx)$/

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** The specifiers of a file's static imports and re-exports, `import type` included. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((s) =>
    (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
    s.moduleSpecifier &&
    ts.isStringLiteral(s.moduleSpecifier)
      ? [s.moduleSpecifier.text]
      : [],
  )
}

/**
 * file → the project files it imports statically (values, types and re-exports). A dynamic
 * import() is a code-split point, loaded after both modules exist, so it forms no cycle.
 */
export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of roots.flatMap((r) => sourceFiles(resolve(r)))) {
    const targets = staticImports(file)
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Every cycle found by a depth-first walk (each reported once, as project-relative paths). */
export function findCycles(graph: Map<string, string[]>, root = process.cwd()): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => relative(root, f)))
      } else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles
}
