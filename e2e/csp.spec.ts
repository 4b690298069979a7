import { expect, test } from './support/fixtures'

// The Content-Security-Policy is on in every mode (the e2e server runs in test mode): the
// shell's own inline scripts run (allowed by hash), the app loads and talks to its sockets
// without a single violation, and an injected inline script does not run.

test('the page runs under its CSP without violations; an injected inline script is refused', async ({
  page,
  openEarn,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] }
    w.cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  const answer = page.waitForResponse((r) => r.request().resourceType() === 'document')
  await openEarn('/earn/home')
  const csp = (await answer).headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'sha256-/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect(await page.evaluate(() => (window as any).cspViolations)).toEqual([])

  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean; cspViolations: string[] }
    const s = document.createElement('script')
    s.textContent = 'window.injected = true'
    document.body.append(s)
    await new Promise((r) => setTimeout(r, 100))
    return { injected: w.injected === true, violations: w.cspViolations }
  })
  expect(ran.injected).toBe(false)
  expect(ran.violations.some((v) => v.startsWith('script-src'))).toBe(true)
})
