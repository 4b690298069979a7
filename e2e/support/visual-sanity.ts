import type { Page } from '@playwright/test'

/** Findings of the page's own checks, as readable lines (empty when all is well). */
export function sanityFindings(page: Page) {
  return page.evaluate(() => {
    const found: string[] = []
    // Icons are lazy: ask for every one (cards that arrive late too), then judge them.
    for (const img of document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]'))
      img.loading = 'eager'
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) {
      found.push(`horizontal overflow: ${doc.scrollWidth} > ${doc.clientWidth}`)
    }
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden'
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
      for (const m of own.matchAll(/\d[\d.,]*/g)) {
        const n = m[0]
        if (/\d{5,}/.test(n.split(/[.,]/)[0] ?? '') && !/[.,]/.test(n.slice(0, 6))) {
          found.push(`ungrouped number ${n} in "${own.slice(0, 40)}"`)
        }
        if (/[.,]\d*0000\b/.test(n)) found.push(`trailing zeros ${n} in "${own.slice(0, 40)}"`)
      }
    }
    for (const card of document.querySelectorAll('[data-testid="product-card"]')) {
      if (!visible(card)) continue
      const icon = card.querySelector<HTMLImageElement>('img[data-testid="coin-icon"]')
      if (!icon) found.push(`card without an icon: ${card.textContent?.slice(0, 30)}`)
      else if (!icon.complete || icon.naturalWidth === 0 || !icon.alt) {
        found.push(`icon not loaded or without alt: ${icon.src}`)
      }
    }
    return found
  })
}
