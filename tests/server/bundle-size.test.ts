import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  forbiddenCode,
  htmlAssets,
  largestChunk,
  measurePageBundle,
} from '../../scripts/bench/bundle-size'

const INDEX_HTML =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body></body></html>'

const split = (file: string) => `src/routes/{-$locale}/${file}?tsr-split=component`
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_runtime-1.js', '_vendor-1.js'],
    dynamicImports: [split('earn/savings.tsx'), 'src/app/telegram/init-telegram.ts'],
    css: ['assets/index-1.css'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  [split('earn/savings.tsx')]: { file: 'assets/savings-1.js', imports: ['index.html'] },
  'src/app/telegram/init-telegram.ts': { file: 'assets/init-telegram-1.js' },
}
const FILES: Record<string, string> = {
  'index-1.js': 'entry '.repeat(200),
  'runtime-1.js': 'runtime',
  'vendor-1.js': 'vendor '.repeat(100),
  'savings-1.js': 'savings page',
  'init-telegram-1.js': 'telegram sdk '.repeat(1000),
  'index-1.css': 'body{margin:0}',
}

let dist: string
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'earn-bundle-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, 'index.html'), INDEX_HTML)
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dist, 'assets', name), text)
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('initial bundle of a page', () => {
  it("reads index.html's entry, modulepreloads and stylesheets", () => {
    expect(htmlAssets(INDEX_HTML)).toEqual({
      js: ['assets/index-1.js', 'assets/runtime-1.js'],
      css: ['assets/index-1.css'],
    })
  })

  it("is the entry's static graph plus the page's route chunks, never lazy chunks", () => {
    const home = measurePageBundle(dist, '/earn/home')
    expect(home.js.map((a) => a.file).sort()).toEqual([
      'assets/index-1.js',
      'assets/runtime-1.js',
      'assets/vendor-1.js',
    ])
    const gzip = (name: string) => gzipSync(FILES[name]!, { level: 9 }).length
    expect(home.jsTotal.gzip).toBe(gzip('index-1.js') + gzip('runtime-1.js') + gzip('vendor-1.js'))
    expect(home.cssTotal.raw).toBe(FILES['index-1.css']!.length)
    const savings = measurePageBundle(dist, '/en-US/earn/savings')
    expect(savings.js.map((a) => a.file)).toContain('assets/savings-1.js')
    expect(savings.js.map((a) => a.file)).not.toContain('assets/init-telegram-1.js')
  })

  it('names the largest chunk and any forbidden code', () => {
    expect(largestChunk(dist).file).toBe('assets/init-telegram-1.js')
    expect(forbiddenCode(dist)).toEqual([])
    writeFileSync(join(dist, 'assets', 'leak-1.js'), 'class ZodError extends Error {}')
    expect(forbiddenCode(dist)).toEqual(['leak-1.js contains ZodError'])
  })
})
