import { afterAll, describe, expect, it } from 'vitest'
import { killStartedServers } from '../../support/server-process'
import { fakeBuiltClient, securityServerForFile } from './support'

// Issue 24, item 8: the served page is built with function replacers. String.replace reads
// $`, $' and $& in a replacement string, and the first view carries the visitor's search term:
// /earn/home?search=%24%60%24%27 served a page with two <title>s (the head spliced into the
// input). A real server process serves a built client whose renderer reflects the term.

afterAll(() => killStartedServers())

const client = fakeBuiltClient()
afterAll(() => client.remove())
const server = securityServerForFile('production', { STATIC_DIR: client.dir })

const count = (html: string, needle: string) => html.split(needle).length - 1

describe('a reflected search term', () => {
  it.each([
    ["$`$'", '$`$&#x27;'],
    ['$&', '$&amp;'],
    ["$'$'", '$&#x27;$&#x27;'],
    ['$1$<x>$$', '$1$&lt;x&gt;$$'],
  ])('%s is inserted as typed, and the page keeps one head', async (term, escaped) => {
    const res = await fetch(`${server().url}/earn/home?search=${encodeURIComponent(term)}`)
    const html = await res.text()
    console.log(
      `[security] /earn/home?search=${encodeURIComponent(term)}: ${res.status}, ${count(html, '<title>')} <title>, ${html.length} bytes`,
    )
    expect(res.status).toBe(200)
    expect(count(html, '<title>')).toBe(1)
    expect(count(html, '<head>')).toBe(1)
    expect(count(html, '</body>')).toBe(1)
    expect(html).toContain(`<input type="search" value="${escaped}">`)
  })
})
