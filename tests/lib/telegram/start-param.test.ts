import { describe, expect, it } from 'vitest'
import {
  START_PARAM_PATTERN,
  startParamFor,
  startParamPath,
  startPathFor,
  INVITATION_PREFIX,
  invitationPayload,
  splitInvitation,
} from '../../../contract/start-param'
import { miniAppLink, tmaConfig } from '../../../src/lib/telegram/tma-config'

const routes = {
  home: '/earn/home',
  product: '/earn/product/$productId',
  'my-earn': '/earn/my-earn',
}

describe('startParamPath', () => {
  it('opens a route by its key, and a product by key and id', () => {
    expect(startParamPath('home', routes)).toBe('/earn/home')
    expect(startParamPath('my-earn', routes)).toBe('/earn/my-earn')
    expect(startParamPath('product_flex-usdt', routes)).toBe('/earn/product/flex-usdt')
    // The argument is everything after the first underscore.
    expect(startParamPath('product_dual_btc-up_7', routes)).toBe('/earn/product/dual_btc-up_7')
  })

  it('refuses what does not fit the scheme', () => {
    expect(startParamPath('', routes)).toBeNull()
    expect(startParamPath('nope', routes)).toBeNull()
    expect(startParamPath('nope_x', routes)).toBeNull()
    // A route with an id needs one; a route without takes none.
    expect(startParamPath('product', routes)).toBeNull()
    expect(startParamPath('product_', routes)).toBeNull()
    expect(startParamPath('home_x', routes)).toBeNull()
    // Prototype keys are not routes.
    expect(startParamPath('constructor', routes)).toBeNull()
    expect(startParamPath('__proto__', routes)).toBeNull()
  })

  it('checks the payload against /^[\\w-]{0,512}$/ before anything else', () => {
    expect(START_PARAM_PATTERN.source).toBe('^[\\w-]{0,512}$')
    for (const bad of ['product_a/b', 'product_a.b', 'product_%2F', 'home ', 'product_ü'])
      expect(startParamPath(bad, routes)).toBeNull()
    expect(startParamPath(`product_${'a'.repeat(504)}`, routes)).toBe(
      `/earn/product/${'a'.repeat(504)}`,
    )
    expect(startParamPath(`product_${'a'.repeat(505)}`, routes)).toBeNull()
  })

  it('unknown or invalid payloads open home', () => {
    expect(startPathFor('nope', routes, '/earn/home')).toBe('/earn/home')
    expect(startPathFor('../../x', routes, '/earn/home')).toBe('/earn/home')
    expect(startPathFor(null, routes, '/earn/home')).toBe('/earn/home')
    expect(startPathFor('product_flex-eth', routes, '/earn/home')).toBe('/earn/product/flex-eth')
  })

  it('startParamFor is the inverse', () => {
    expect(startParamPath(startParamFor('product', 'flex-usdt'), routes)).toBe(
      '/earn/product/flex-usdt',
    )
    expect(() => startParamFor('product', 'a/b')).toThrow()
  })
})

describe('invitations', () => {
  it('carry the inviter in front of the route payload, which still opens its page', () => {
    const payload = invitationPayload(200001, startParamFor('product', 'dual_btc-up_7'))
    expect(payload).toBe('ref-200001_product_dual_btc-up_7')
    expect(splitInvitation(payload)).toEqual({ inviter: 200001, route: 'product_dual_btc-up_7' })
    expect(startParamPath(payload, routes)).toBe('/earn/product/dual_btc-up_7')
    // An invitation alone opens home.
    expect(invitationPayload(7)).toBe('ref-7')
    expect(startPathFor('ref-7', routes, '/earn/home')).toBe('/earn/home')
  })

  it('a malformed invitation invites nobody', () => {
    for (const bad of ['ref-', 'ref-0', 'ref-012', 'ref-x_home', 'ref-2147483648', 'ref-1/2'])
      expect(splitInvitation(bad).inviter).toBeNull()
    expect(splitInvitation('ref-2147483647').inviter).toBe(2_147_483_647)
    expect(splitInvitation('product_ref-7')).toEqual({ inviter: null, route: 'product_ref-7' })
  })
})

describe('tma.config.json', () => {
  it('names the bot, the app, home and only earn routes', () => {
    expect(tmaConfig.botUsername).toMatch(/^\w{5,32}$/)
    expect(tmaConfig.appName).toMatch(/^\w{3,30}$/)
    expect(tmaConfig.startParam.routes.home).toBe(tmaConfig.startParam.homeRoute)
    for (const [key, path] of Object.entries(tmaConfig.startParam.routes)) {
      expect(key).toMatch(/^[a-z-]+$/)
      expect(key.startsWith(INVITATION_PREFIX)).toBe(false)
      expect(path).toMatch(/^\/earn\//)
    }
    expect(startPathFor('product_flex-usdt', tmaConfig.startParam.routes, '/x')).toBe(
      '/earn/product/flex-usdt',
    )
    expect(miniAppLink('product_flex-usdt')).toBe(
      `https://t.me/${tmaConfig.botUsername}/${tmaConfig.appName}?startapp=product_flex-usdt`,
    )
  })
})
