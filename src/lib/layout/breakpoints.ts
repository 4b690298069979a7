import { isMobileUserAgent } from '../platform/platform'

/** Layout breakpoints in px (spec §9). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const
export type Breakpoint = keyof typeof BREAKPOINTS

/** The widest a mobile layout gets (spec §9). */
export const MOBILE_MAX_WIDTH = 767
/** Web layout: up to 1200 px is the narrow web layout, from 1201 px the wide one (spec §9). */
export const WEB_BREAKPOINT = 1200
export const WEB_WIDE_MIN_WIDTH = WEB_BREAKPOINT + 1

export const MEDIA_QUERIES = {
  mobile: `(max-width: ${MOBILE_MAX_WIDTH}px)`,
  webNarrow: `(max-width: ${WEB_BREAKPOINT}px)`,
  webWide: `(min-width: ${WEB_WIDE_MIN_WIDTH}px)`,
} as const

/** The largest breakpoint a width reaches. */
export function breakpointFor(width: number): Breakpoint {
  let found: Breakpoint = 'xs'
  for (const [name, min] of Object.entries(BREAKPOINTS) as [Breakpoint, number][]) {
    if (width >= min) found = name
  }
  return found
}

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH
export const isWideWeb = (width: number) => width >= WEB_WIDE_MIN_WIDTH

/** Mobile is decided by user agent (spec §1); width only chooses the layout. */
export const isMobileDevice = (userAgent: string) => isMobileUserAgent(userAgent)
