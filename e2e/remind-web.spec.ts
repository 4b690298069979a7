import AxeBuilder from '@axe-core/playwright'
import { startParamFor } from '../contract/start-param'
import { expect, test } from './support/fixtures'

// Issue 27 item 3 on the desktop web (pc): no Telegram, so Remind me on a sold-out product (launch-mnt, coming soon, is gray-released: a visitor cannot open it)
// says reminders come through the bot and links to the product in the mini-app.

test('Remind me on the web explains the bot and links to it', async ({ page, openEarn }) => {
  await openEarn('/earn/product/fixed-usdt-30')
  const remind = page.getByTestId('remind-me')
  await expect(remind).toHaveAttribute('aria-expanded', 'false')
  await remind.click()
  await expect(remind).toHaveAttribute('aria-expanded', 'true')
  const note = page.getByTestId('remind').getByRole('status')
  await expect(note).toContainText('Reminders come through our Telegram bot')
  await expect(note.getByRole('link', { name: 'Open in Telegram' })).toHaveAttribute(
    'href',
    new RegExp(
      `^https://t\\.me/\\w+/\\w+\\?startapp=${startParamFor('product', 'fixed-usdt-30')}$`,
    ),
  )
  const axe = await new AxeBuilder({ page }).include('[data-testid="remind"]').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  )
})
