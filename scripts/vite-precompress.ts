import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes .br and .gz beside each built JS/CSS asset, so the server sends them compressed at
 * maximum quality without compressing per request (serveStatic's `precompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'earn:precompress',
    // The server build of the first-view renderer (dist/.ssr) is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      // The manifest is read by the server only, index.html is rendered per request.
      const files = Object.keys(bundle).filter(
        (f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite/'),
      )
      // zlib's async calls run on the thread pool, so files compress in parallel.
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName)
          const source = await readFile(path)
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(source, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
        }),
      )
    },
  }
}
