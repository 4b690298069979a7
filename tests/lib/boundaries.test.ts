import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  )

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!)

describe('src/lib boundaries', () => {
  const lib = files('src/lib').filter((f) => /\.tsx?$/.test(f))

  it('no module in src/lib imports src/features, src/routes, src/app or server/', () => {
    const bad = lib.flatMap((f) =>
      imports(f)
        .filter((i) => /(^|\/)(features|routes|app|server)\//.test(i) && i.startsWith('.'))
        .map((i) => `${f} → ${i}`),
    )
    expect(lib.length).toBeGreaterThan(30)
    expect(bad).toEqual([])
  })

  it('contract/*.schema is imported for types only (zod must not ship)', () => {
    const bad = lib.flatMap((f) =>
      [
        ...readFileSync(f, 'utf8').matchAll(
          /import\s+(type\s+)?[^']*?from\s+'([^']*contract\/[^']*\.schema)'/g,
        ),
      ]
        .filter((m) => !m[1])
        .map((m) => `${f} → ${m[2]}`),
    )
    expect(bad).toEqual([])
  })

  it('kebab-case file names and no barrel index files', () => {
    for (const f of lib) {
      expect(f.split('/').at(-1)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.tsx?$/)
      expect(f.endsWith('/index.ts')).toBe(false)
    }
  })

  it('every file stays under 400 lines', () => {
    for (const f of lib) expect(readFileSync(f, 'utf8').split('\n').length).toBeLessThanOrEqual(400)
  })
})
