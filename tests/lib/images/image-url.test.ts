import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  imageFormat,
  imageQuality,
  imageSrcSet,
  imageUrl,
  localImagePath,
} from '../../../src/lib/images/image-url'

afterEach(() => vi.restoreAllMocks())

describe('images (spec §5, §9)', () => {
  it.each([
    [50, 'webp', 50],
    [100, 'webp', 100],
    [0.5, 'png', 0.5],
    [undefined, 'webp', 80],
    [undefined, 'avif', 60],
  ] as const)('quality %s for %s → %i without a warning', (q, f, expected) => {
    const warn = vi.spyOn(console, 'warn')
    expect(imageQuality(q, f)).toBe(expected)
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    [0, 'webp', 80],
    [101, 'webp', 80],
    [-5, 'avif', 60],
    ['90', 'avif', 60],
    [Number.NaN, 'webp', 80],
  ] as const)('quality %s for %s warns and uses %i', (q, f, expected) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(imageQuality(q, f)).toBe(expected)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('unknown formats are logged as errors and fall back to auto', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const f of ['png', 'jpg', 'jpeg', 'webp', 'avif', 'auto']) expect(imageFormat(f)).toBe(f)
    expect(error).not.toHaveBeenCalled()
    expect(imageFormat('gif')).toBe('auto')
    expect(error).toHaveBeenCalledTimes(1)
  })

  it('maps static image hosts to local prefixes', () => {
    expect(localImagePath('https://fh-static.bycsi.com/a/b.png?v=1')).toBe(
      '/common-static/fhs/a/b.png?v=1',
    )
    expect(localImagePath('https://s1.bycsi.com/x.png')).toBe('/bycsi-root/x.png')
    expect(localImagePath('https://s2.bycsi.com/x.png')).toBe('/bycsi-root/x.png')
    expect(localImagePath('https://other.example/x.png')).toBe('https://other.example/x.png')
    expect(localImagePath('/coins/btc.svg')).toBe('/coins/btc.svg')
  })

  it('sends width and height times the ratio, rounded', () => {
    expect(imageUrl('/a.png', { width: 33, height: 21, ratio: 1.5, format: 'webp' })).toBe(
      '/a.png?width=50&height=32&quality=80&format=webp',
    )
    expect(imageUrl('https://s1.bycsi.com/a.png?v=2', { quality: 70 })).toBe(
      '/bycsi-root/a.png?v=2&quality=70&format=auto',
    )
  })

  it('srcset has densities 1, 1.5, 2, 2.5, 3', () => {
    const set = imageSrcSet('/a.png', { width: 100 })
    expect(set.split(', ').map((c) => c.split(' ')[1])).toEqual(['1x', '1.5x', '2x', '2.5x', '3x'])
    expect(set).toContain('width=250&quality=80&format=auto 2.5x')
  })
})
