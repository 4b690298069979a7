// Spec §4 (states and transitions) as the client uses them.
import { describe, expect, it } from 'vitest'
import { ProductAvailability, ProductCardStatus, SubscriptionState } from '../../contract/enums'
import { ANONYMOUS_UID, analyticsUserId } from '../../src/lib/analytics/analytics-user'
import { COUNTRY_SUFFIXES, HOST_LABELS, environmentFor } from '../../src/lib/env/environment'
import { GrayReleaseStage } from '../../contract/gray-release'
import { EARN_SOCKET_STATES } from '../../src/lib/sockets/earn-socket'
import { SPOT_SOCKET_STATES } from '../../src/lib/sockets/spot-quote-socket'

describe('§4 enums', () => {
  it.each([
    [
      ProductAvailability,
      {
        Available: 0,
        Unknown: 1,
        NotloggedIn: 2,
        KycLimited: 3,
        KycLimitedQueryException: 4,
        TagBlocked: 5,
      },
    ],
    [SubscriptionState, { Unstarted: 0, Running: 1, Soldout: 2, Ended: 3, Unknown: 4 }],
    [
      ProductCardStatus,
      {
        Default: 0,
        Available: 1,
        Soldout: 2,
        NotStarted: 3,
        Offline: 4,
        SubscribeEnd: 5,
        Forbidden: 6,
      },
    ],
    [GrayReleaseStage, { Unknown: -1, Close: 0, Internal: 1, Stage1: 2, Stage2: 3, Open: 4 }],
  ])('%j', (actual, expected) => expect(actual).toEqual(expected))
})

describe('§4 socket states', () => {
  it('earn socket: closed, opening, open, closed_user', () => {
    expect(EARN_SOCKET_STATES).toEqual(['closed', 'opening', 'open', 'closed_user'])
  })
  it('spot quote socket: init, open, closed, error', () => {
    expect(SPOT_SOCKET_STATES).toEqual(['init', 'open', 'closed', 'error'])
  })
})

describe('§4 analytics user id', () => {
  it('defaults to 0', () => {
    localStorage.clear()
    expect(ANONYMOUS_UID).toBe(0)
    expect(analyticsUserId()).toBe(0)
  })
})

describe('§4 environment by host name', () => {
  it('production www/m, test network testnet/m-testnet', () => {
    for (const label of ['www', 'm'])
      expect(environmentFor(`${label}.example.com`).kind).toBe('production')
    for (const label of ['testnet', 'm-testnet'])
      expect(environmentFor(`${label}.example.com`).kind).toBe('testnet')
    expect(environmentFor('qa1.example.com').kind).toBe('named')
  })
  it('three to five labels', () => {
    expect(HOST_LABELS).toEqual({ min: 3, max: 5 })
    expect(environmentFor('www.a.b.c.de').kind).toBe('production')
    expect(environmentFor('www.a.b.c.d.e').kind).toBe('local')
  })
  it('country suffixes', () => {
    expect(COUNTRY_SUFFIXES).toEqual([
      'hk',
      'uae',
      'us',
      'uk',
      'jp',
      'fr',
      'de',
      'au',
      'ca',
      'br',
      'in',
      'ru',
    ])
  })
  it.each([
    'cloud',
    'announcements',
    'sandbox',
    'blog',
    'newblog',
    'learn',
    'affiliates',
    'institution',
  ])('subdomain %s normalises to www / testnet', (sub) => {
    expect(environmentFor(`${sub}.example.com`).label).toBe('www')
    expect(environmentFor(`${sub}.testnet.example.com`).label).toBe('testnet')
  })
})
