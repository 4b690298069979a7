// The gray-release scenes by name, in a module of their own: the home page's first load names
// them without carrying the rules of contract/gray-release.ts.

/** Gray-release scenes with a whitelist (spec §7): {scene}_stage and {scene}_userlist. */
export const GrayReleaseScene = {
  StructuredProducts: 'structured_products',
  LaunchpoolShow: 'launchpool_show',
} as const
export type GrayReleaseScene = (typeof GrayReleaseScene)[keyof typeof GrayReleaseScene]
