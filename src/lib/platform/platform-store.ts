import { proxy } from 'valtio'
import type { Platform } from './platform'

/** Client environment facts, set once at start. */
export const platformStore = proxy<{ platform: Platform; telegram: boolean }>({
  platform: 'pc',
  telegram: false,
})
