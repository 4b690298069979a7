import { expect, test } from './support/fixtures'
import { sanityFindings } from './support/visual-sanity'

// The mobile-web download prompt (spec §2: h5 only, so this file runs on the h5 project only).
test.describe('with the download prompt', () => {
  test.use({ showDownloadPrompt: true })

  test('the mobile-web download prompt reads as a sheet, not a word-per-line column', async ({
    page,
    openEarn,
  }, testInfo) => {
    for (const route of ['/earn/product/flex-usdt', '/earn/export']) {
      await openEarn(route)
      const prompt = page.getByTestId('download-prompt')
      await expect(prompt).toBeVisible()
      await page.screenshot({
        path: testInfo.outputPath(`download-prompt${route.replace(/\W+/g, '-')}.png`),
      })
      expect.soft(await sanityFindings(page), route).toEqual([])
      const body = prompt.getByText('Your positions and yield')
      expect((await body.boundingBox())!.width).toBeGreaterThan(250)
    }
  })
})
