import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Serious or critical axe findings inside one part of the page. */
export const violationsIn = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
