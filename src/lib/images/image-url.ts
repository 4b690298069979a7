/** Image formats the resizer accepts (spec §5). */
export const IMAGE_FORMATS = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'auto'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Default quality per format (spec §9); formats without one use webp's. */
export const DEFAULT_IMAGE_QUALITY = { webp: 80, avif: 60 } as const
/** Pixel densities offered in srcset (spec §9). */
export const IMAGE_DENSITIES = [1, 1.5, 2, 2.5, 3] as const

/**
 * Static image hosts served through local prefixes (spec §9): one host to common-static/fhs,
 * two to bycsi-root. The host names are ours (spec: not shown).
 */
export const STATIC_IMAGE_HOSTS: Readonly<Record<string, string>> = {
  'fh-static.bycsi.com': '/common-static/fhs',
  's1.bycsi.com': '/bycsi-root',
  's2.bycsi.com': '/bycsi-root',
}

export type ImageOptions = {
  width?: number
  height?: number
  quality?: number
  format?: string
  /** Device pixel ratio the size is multiplied by. */
  ratio?: number
}

const isImageFormat = (f: string): f is ImageFormat =>
  (IMAGE_FORMATS as readonly string[]).includes(f)

/** A format the resizer knows; others are logged as errors and fall back to auto. */
export function imageFormat(format: string | undefined): ImageFormat {
  if (format === undefined) return 'auto'
  if (isImageFormat(format)) return format
  console.error(`[image] unsupported format "${format}"`)
  return 'auto'
}

/** Quality above 0 and up to 100; anything else is warned about and the format default used. */
export function imageQuality(quality: unknown, format: ImageFormat): number {
  const fallback = format === 'avif' ? DEFAULT_IMAGE_QUALITY.avif : DEFAULT_IMAGE_QUALITY.webp
  if (quality === undefined) return fallback
  if (typeof quality === 'number' && quality > 0 && quality <= 100) return quality
  console.warn(`[image] quality ${String(quality)} is not above 0 and up to 100; using ${fallback}`)
  return fallback
}

/** A static host's URL rewritten to its local prefix; other URLs unchanged. */
export function localImagePath(src: string): string {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return src
  }
  const prefix = STATIC_IMAGE_HOSTS[url.host]
  return prefix ? `${prefix}${url.pathname}${url.search}` : src
}

/** The resized image URL: width and height times the ratio, rounded. */
export function imageUrl(src: string, options: ImageOptions = {}): string {
  const format = imageFormat(options.format)
  const quality = imageQuality(options.quality, format)
  const ratio = options.ratio ?? 1
  const path = localImagePath(src)
  const params = new URLSearchParams()
  if (options.width) params.set('width', String(Math.round(options.width * ratio)))
  if (options.height) params.set('height', String(Math.round(options.height * ratio)))
  params.set('quality', String(quality))
  params.set('format', format)
  return `${path}${path.includes('?') ? '&' : '?'}${params}`
}

/** srcset with one candidate per density. */
export const imageSrcSet = (src: string, options: Omit<ImageOptions, 'ratio'> = {}) =>
  IMAGE_DENSITIES.map((d) => `${imageUrl(src, { ...options, ratio: d })} ${d}x`).join(', ')
