import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of a
 * file so marked is compiled eagerly, on a background thread while the file streams in, instead
 * of on the main thread when first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the entry for eager compilation (issue 25). The entry is what hydration runs: React,
 * the router, the query client, i18next and the first view's components, nearly all of it
 * called before the page is live. Compiled lazily, those calls compile on the main thread of a
 * slow phone after the download; marked, the compiling overlaps the download (docs/performance.md,
 * Run AP: 150 ms less from the entry's arrival to live at 4× CPU). Added after minification (the
 * minifier drops comments), and before precompress writes the .br and .gz of the file.
 */
export function compileHints(): Plugin {
  return {
    name: 'earn:compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry && !chunk.code.startsWith(COMPILE_HINT))
            chunk.code = COMPILE_HINT + chunk.code
      },
    },
  }
}
