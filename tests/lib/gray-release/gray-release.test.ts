import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { GrayReleaseScene } from '../../../contract/gray-release-scenes'
import { GrayReleaseStage, isFeatureOn, parseStage } from '../../../contract/gray-release'
import { hasStoredGrant, storeGrant } from '../../../src/lib/gray-release/gray-release-grant'
import { useFeature } from '../../../src/lib/gray-release/use-feature'
import {
  fetchSceneWhitelist,
  sceneWhitelistQueryOptions,
} from '../../../src/lib/gray-release/whitelist'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { sessionStore } from '../../../src/lib/session/session-store'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

const S = GrayReleaseStage

describe('isFeatureOn (spec §5)', () => {
  it.each([
    [S.Close, 13, [13], true, false],
    [S.Open, 0, [], false, true],
    [S.Open, 12, [], false, true],
    [S.Stage2, 11, [], false, true],
    [S.Stage2, 1239, [], false, true],
    [S.Stage2, 1235, [], false, true],
    [S.Stage2, 1237, [], false, true],
    [S.Stage2, 1233, [], false, true],
    [S.Stage2, 10, [], false, false],
    [S.Stage2, 12, [], false, false],
    [S.Stage1, 21, [], false, true],
    [S.Stage1, 23, [], false, true],
    [S.Stage1, 25, [], false, false],
    [S.Stage1, 0, [], false, false],
    [S.Internal, 42, [42], false, true],
    [S.Internal, 43, [42], false, false],
    [S.Internal, 43, [], true, true],
    [S.Unknown, 11, [11], false, false],
    [S.Stage1, 24, [], true, true],
    [S.Stage2, 0, [], true, false],
  ])(
    'stage %i, user %i, whitelist %j, stored %s → %s',
    (stage, userId, whitelist, storedGrant, on) => {
      expect(isFeatureOn({ stage, userId, whitelist, storedGrant })).toBe(on)
    },
  )

  it.each([
    ['4', S.Open],
    ['0', S.Close],
    [1, S.Internal],
    ['-1', S.Unknown],
    ['7', S.Unknown],
    ['', S.Unknown],
    [undefined, S.Unknown],
  ])('stage text %j → %i', (text, stage) => {
    expect(parseStage(text)).toBe(stage)
  })
})

describe('stored grant', () => {
  it('is kept per scene and user in the gray-release cookie', () => {
    storeGrant('scene_a', 21, 'www.example.com')
    storeGrant('scene_a', 21, 'www.example.com')
    storeGrant('scene_a', 33, 'www.example.com')
    storeGrant('scene_a', 0, 'www.example.com')
    expect(document.cookie).toContain('gray_release_scene_a=21%2C33')
    expect(hasStoredGrant('scene_a', 33, 'www.example.com')).toBe(true)
    expect(hasStoredGrant('scene_b', 33, 'www.example.com')).toBe(false)
    expect(hasStoredGrant('scene_a', 0, 'www.example.com')).toBe(false)
  })
})

describe('whitelist from the real server config (waits on issue 4: config/web)', () => {
  let server: RealServer
  beforeAll(async () => {
    server = await startRealServer()
  }, 60_000)
  afterAll(() => server?.close())

  it('reads {scene}_stage and {scene}_userlist for both scenes', async () => {
    apiOrigin.origin = server.url
    const structured = await fetchSceneWhitelist(GrayReleaseScene.StructuredProducts)
    expect(structured.stage).toBe(S.Internal)
    expect(structured.userIds.length).toBeGreaterThan(0)
    expect((await fetchSceneWhitelist(GrayReleaseScene.LaunchpoolShow)).stage).toBe(S.Stage2)
  })
})

describe('useFeature', () => {
  let fixture: Awaited<ReturnType<typeof startHttpFixture>>
  let stage = '1'
  beforeAll(async () => {
    fixture = await startHttpFixture((r) => {
      const { keys } = JSON.parse(r.body) as { keys: string[] }
      return {
        body: envelopeJson(0, {
          data: [
            { name: keys[0], value: stage },
            { name: keys[1], value: '1001, 1002,x' },
          ],
        }),
      }
    })
  })
  afterAll(() => fixture.close())
  beforeEach(() => {
    apiOrigin.origin = fixture.url
    fixture.requests.length = 0
  })

  const wrapper = (client: QueryClient) => (p: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, p.children)

  it('is on for a whitelisted user at Internal, off for others, and caches 60 s / 10 min', async () => {
    stage = '1'
    sessionStore.userId = 1002
    const client = new QueryClient()
    const { result, rerender } = renderHook(() => useFeature('scene_x'), {
      wrapper: wrapper(client),
    })
    expect(result.current).toBe(false)
    await waitFor(() => expect(result.current).toBe(true))
    expect(JSON.parse(fixture.requests[0]!.body)).toEqual({
      project_name: 'earn',
      keys: ['scene_x_stage', 'scene_x_userlist'],
      properties: { device: { language: 'en' } },
    })
    expect(document.cookie).toContain('gray_release_scene_x_local=1002')
    sessionStore.userId = 2001
    rerender()
    await waitFor(() => expect(result.current).toBe(false))
    const opts = sceneWhitelistQueryOptions('scene_x')
    expect([opts.staleTime, opts.gcTime]).toEqual([60_000, 600_000])
  })

  it('is on at Open for anonymous visitors', async () => {
    stage = '4'
    sessionStore.userId = 0
    const { result } = renderHook(() => useFeature('scene_open'), {
      wrapper: wrapper(new QueryClient()),
    })
    await waitFor(() => expect(result.current).toBe(true))
  })
})
