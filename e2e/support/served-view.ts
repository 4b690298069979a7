import type { Page } from '@playwright/test'

/**
 * Keeps, as `window.served`, the first element matching `selector` that the parser adds while
 * the document loads: one the server sent (React draws only after parsing).
 */
export const keepServed = (page: Page, selector: string) =>
  page.addInitScript((wanted) => {
    const w = window as unknown as { served?: Element }
    new MutationObserver((records, observer) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          const found =
            node instanceof Element
              ? node.matches(wanted)
                ? node
                : node.querySelector(wanted)
              : null
          if (found && document.readyState === 'loading') {
            w.served = found
            observer.disconnect()
            return
          }
        }
    }).observe(document, { childList: true, subtree: true })
  }, selector)

/** The page's console errors and uncaught errors, as they come. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

/**
 * A product's card or table row as the user sees it in a list. A desktop's served view draws
 * both (CSS shows one by width, use-list-layout.ts) until the list's part has hydrated and
 * keeps one, which under load can be a while after the page is live: a locator by id alone can
 * then match the hidden twin as well.
 */
export const listedProduct = (page: Page, productId: string) =>
  page
    .locator(`[data-testid="product-card"][data-product-id="${productId}"]`)
    .filter({ visible: true })
