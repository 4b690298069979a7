import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  INLINE_STYLESHEET_MAX_BYTES,
  inlineEntryStylesheet,
} from '../../server/modules/client-shell/inline-stylesheet'

const link = (file: string) => `<link rel="stylesheet" crossorigin href="/assets/${file}">`
const html = (file: string) => `<head><title>Earn</title>${link(file)}</head>`

describe('the entry stylesheet inlined into the shell', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'earn-css-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'small.css'), '.a{color:red}')
    writeFileSync(
      join(dir, 'assets', 'large.css'),
      `.a{}${' '.repeat(INLINE_STYLESHEET_MAX_BYTES)}`,
    )
    writeFileSync(join(dir, 'assets', 'hostile.css'), '.a{content:"</style><script>"}')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes a small stylesheet into a style element, its link kept disabled for the chunk loader', () => {
    expect(inlineEntryStylesheet(html('small.css'), dir)).toBe(
      '<head><title>Earn</title><style>.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/small.css" disabled></head>',
    )
  })

  it('keeps the link for a missing, too large or element-closing stylesheet', () => {
    for (const file of ['missing.css', 'large.css', 'hostile.css'])
      expect(inlineEntryStylesheet(html(file), dir), file).toBe(html(file))
  })
})
