import { defineConfig, presetWind3 } from 'unocss'
import { BREAKPOINTS } from './src/lib/layout/breakpoints'

export default defineConfig({
  presets: [presetWind3()],
  // Breakpoints of spec §9: xs 0, sm 576, md 768, lg 992, xl 1200.
  theme: {
    breakpoints: Object.fromEntries(Object.entries(BREAKPOINTS).map(([k, v]) => [k, `${v}px`])),
    // Skeleton's light band (src/ui/skeleton.tsx), used as `motion-safe:animate-shimmer`.
    animation: {
      keyframes: { shimmer: '{from{background-position:150% 0}to{background-position:-50% 0}}' },
      durations: { shimmer: '1.4s' },
      timingFns: { shimmer: 'ease-in-out' },
      counts: { shimmer: 'infinite' },
    },
  },
})
