import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib'
import {
  entryClosure,
  routeAssetsOf,
  shellPageOf,
  type ViteManifest,
} from '../../server/modules/client-shell/route-chunks'
import { COMPILE_HINT } from '../vite-compile-hints'
import { FORBIDDEN_IN_BUNDLE } from './budgets'

export type Sizes = { raw: number; gzip: number; brotli: number }
export type AssetSize = Sizes & { file: string }
export type PageBundle = {
  path: string
  js: AssetSize[]
  css: AssetSize[]
  jsTotal: Sizes
  cssTotal: Sizes
}

const sizeCache = new Map<string, AssetSize>()

/** Raw, gzip (level 9) and brotli (quality 11) bytes of one built file. */
export function sizeOf(distDir: string, file: string): AssetSize {
  const path = join(distDir, file)
  const cached = sizeCache.get(path)
  if (cached) return cached
  const source = readFileSync(path)
  const size = {
    file,
    raw: source.length,
    gzip: gzipSync(source, { level: 9 }).length,
    brotli: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
  sizeCache.set(path, size)
  return size
}

const sum = (assets: AssetSize[]): Sizes =>
  assets.reduce(
    (t, a) => ({ raw: t.raw + a.raw, gzip: t.gzip + a.gzip, brotli: t.brotli + a.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  )

export function readManifest(distDir: string): ViteManifest {
  const path = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(path)) throw new Error(`${path} is missing: build with build.manifest on`)
  return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest
}

/** Files index.html itself loads: the entry script, its modulepreloads and stylesheets. */
export function htmlAssets(indexHtml: string): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="/?([^"]+)"`).exec(tag)?.[1]
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []
  const js: string[] = []
  const css: string[] = []
  for (const tag of tags) {
    if (tag.startsWith('<script') && tag.includes('type="module"')) js.push(attr(tag, 'src')!)
    else if (tag.includes('rel="modulepreload"')) js.push(attr(tag, 'href')!)
    else if (tag.includes('rel="stylesheet"')) css.push(attr(tag, 'href')!)
  }
  return { js: js.filter(Boolean), css: css.filter(Boolean) }
}

/**
 * What a page must load before its first render: index.html's module graph (its scripts,
 * modulepreloads and their static imports) plus the page's route chunks and their imports.
 */
export function measurePageBundle(distDir: string, path: string): PageBundle {
  const manifest = readManifest(distDir)
  const fromHtml = htmlAssets(readFileSync(join(distDir, 'index.html'), 'utf8'))
  const entry = [...entryClosure(manifest)].map((key) => manifest[key]!)
  const page = shellPageOf(path)
  if (!page) throw new Error(`${path} is not an earn page`)
  const route = routeAssetsOf(manifest, page)
  const js = new Set([...fromHtml.js, ...entry.map((c) => c.file), ...route.js])
  const css = new Set([...fromHtml.css, ...entry.flatMap((c) => c.css ?? []), ...route.css])
  const jsSizes = [...js].map((f) => sizeOf(distDir, f))
  const cssSizes = [...css].map((f) => sizeOf(distDir, f))
  return { path, js: jsSizes, css: cssSizes, jsTotal: sum(jsSizes), cssTotal: sum(cssSizes) }
}

const builtCode = (distDir: string) =>
  readdirSync(join(distDir, 'assets')).filter((f) => /\.(js|css)$/.test(f))

/** The largest JS chunk of the build, by gzip size. */
export function largestChunk(distDir: string): AssetSize {
  return builtCode(distDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => sizeOf(distDir, `assets/${f}`))
    .sort((a, b) => b.gzip - a.gzip)[0]!
}

/** "file contains word" for every forbidden string in any built JS or CSS file. */
export function forbiddenCode(distDir: string): string[] {
  const problems: string[] = []
  for (const file of builtCode(distDir)) {
    const text = readFileSync(join(distDir, 'assets', file), 'utf8')
    for (const word of FORBIDDEN_IN_BUNDLE)
      if (text.includes(word)) problems.push(`${file} contains ${word}`)
  }
  return problems
}

/**
 * Entry files that reach the browser without V8's compile hint at their top (as built, or in
 * the .br / .gz the server sends): scripts/vite-compile-hints.ts, issue 25.
 */
export function entriesWithoutCompileHint(distDir: string): string[] {
  const entries = Object.values(readManifest(distDir)).filter((c) => c.isEntry)
  const missing: string[] = []
  for (const { file } of entries) {
    const path = join(distDir, file)
    const served = [
      [file, readFileSync(path)],
      [`${file}.br`, brotliDecompressSync(readFileSync(`${path}.br`))],
      [`${file}.gz`, gunzipSync(readFileSync(`${path}.gz`))],
    ] as const
    for (const [name, code] of served)
      if (!code.subarray(0, COMPILE_HINT.length).equals(Buffer.from(COMPILE_HINT)))
        missing.push(name)
  }
  return entries.length ? missing : ['no entry in the manifest']
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
