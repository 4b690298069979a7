import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/

/**
 * Writes .br and .gz beside each built JS/CSS asset, so the server sends them compressed at
 * maximum quality without compressing per request (serveStatic's `precompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'earn:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      for (const fileName of Object.keys(bundle)) {
        // The manifest is read by the server only, index.html is rendered per request.
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) continue
        const path = join(outDir, fileName)
        const source = readFileSync(path)
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }))
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}
