import type { Page } from '@playwright/test'

/** Where a coin is shown as a thing the user holds or can buy: each needs its icon (issue 17). */
export const COIN_HOLDERS = [
  'product-card',
  'position',
  'order',
  'wallet-record',
  'liquidity-position',
  'mining-position',
]

/**
 * Every coin icon on the page is asked for now (they are lazy) and polled until each one has
 * loaded the file of the current theme: right after hydration, or after a theme change, an
 * icon switches to its other file and is loading for a moment. Bounded: an icon that never
 * loads is left for sanityFindings to report.
 */
export async function waitForCoinIcons(page: Page, theme: 'light' | 'dark', timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const pending = await page.evaluate((want) => {
      const icons = document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]')
      let waiting = 0
      for (const img of icons) {
        img.loading = 'eager'
        const themed = !img.dataset.themeIcon || img.dataset.themeIcon === want
        if (!themed || !img.complete || img.naturalWidth === 0) waiting++
      }
      return waiting
    }, theme)
    if (pending === 0 || Date.now() > deadline) return pending
    await page.waitForTimeout(100)
  }
}

/** Findings of the page's own checks, as readable lines (empty when all is well). */
export function sanityFindings(page: Page) {
  return page.evaluate((holders) => {
    const found: string[] = []
    // Icons are lazy: ask for every one (cards that arrive late too), then judge them.
    for (const img of document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]'))
      img.loading = 'eager'
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) {
      // Name the widest offender, so the report says what to fix.
      let widest = ''
      let right = doc.clientWidth
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect()
        if (r.right > right + 0.5 && r.width > 0) {
          right = r.right
          widest = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`
        }
      }
      found.push(`horizontal overflow: ${doc.scrollWidth} > ${doc.clientWidth} (${widest})`)
    }
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      // A 1 px box is the visually-hidden pattern (sr-only): read by screen readers, not seen.
      return r.width > 1 && r.height > 1 && style.visibility !== 'hidden'
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || el.closest('[aria-hidden="true"], script, style, svg')) continue
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ')
        .trim()
      if (!own) continue
      // A box narrower than 12 characters (about 0.55 em each) holding more than three words.
      const fontSize = parseFloat(getComputedStyle(el).fontSize)
      const words = own.split(/\s+/).length
      const width = el.getBoundingClientRect().width
      if (words > 3 && width < 12 * 0.55 * fontSize) {
        found.push(`narrow text (${Math.round(width)} px): "${own.slice(0, 40)}"`)
      }
      // Identifiers (order ids, hashes) are not amounts: a number inside a longer token is not
      // judged, only a number standing as its own word.
      for (const m of own.matchAll(/(?<![\w-])\d[\d.,]*(?![\w-])/g)) {
        const n = m[0]
        if (/\d{5,}/.test(n.split(/[.,]/)[0] ?? '') && !/[.,]/.test(n.slice(0, 6))) {
          found.push(`ungrouped number ${n} in "${own.slice(0, 40)}"`)
        }
        if (/[.,]\d*0000\b/.test(n)) found.push(`trailing zeros ${n} in "${own.slice(0, 40)}"`)
      }
    }
    const selector = holders.map((h) => `[data-testid="${h}"]`).join(', ')
    for (const holder of document.querySelectorAll(selector)) {
      if (!visible(holder)) continue
      const what = `${holder.getAttribute('data-testid')} "${holder.textContent?.trim().slice(0, 30)}"`
      const icon = holder.querySelector<HTMLImageElement>('img[data-testid="coin-icon"]')
      if (!icon) found.push(`${what} without a coin icon`)
      else if (!icon.complete || icon.naturalWidth === 0) {
        found.push(`${what}: icon not loaded (${icon.src})`)
      } else if (!icon.alt) found.push(`${what}: icon without alt text`)
    }
    return found
  }, COIN_HOLDERS)
}
