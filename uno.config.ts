import { defineConfig, presetWind3 } from 'unocss'

/** Breakpoints of spec §9: xs 0, sm 576, md 768, lg 992, xl 1200. */
export const BREAKPOINTS = {
  xs: '0px',
  sm: '576px',
  md: '768px',
  lg: '992px',
  xl: '1200px',
} as const

export default defineConfig({
  presets: [presetWind3()],
  theme: { breakpoints: BREAKPOINTS },
})
