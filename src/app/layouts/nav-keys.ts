import { PAGE_KEYS, type PageKey } from '../../../contract/enums'
import type { SectionKey } from '../../features/earn-products/sections'

/** A place the navigation reaches: a page key of the spec or one of our sections. */
export type NavKey = PageKey | SectionKey

export const labelKey = (key: NavKey) =>
  (PAGE_KEYS as readonly string[]).includes(key) ? `nav.pages.${key}` : `nav.sections.${key}`
