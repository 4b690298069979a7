/**
 * Layout breakpoints in px (spec §9), the UnoCSS theme's (uno.config.ts). The spec's mobile
 * width "at most 767 px" is below md (`lt-md:`), its web breakpoint 1200 is xl. Mobile itself
 * is decided by user agent (spec §1, lib/platform), width only chooses the layout.
 */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const
