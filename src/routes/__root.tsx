import type { QueryClient } from '@tanstack/react-query'
import { Outlet, createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { importUntilLoaded } from '../lib/loading/import-until-loaded'

export type RouterContext = { queryClient: QueryClient }

// The error and not-found screens are their own chunks: no first view needs them (the server
// renders neither), so they stay off the landing pages' initial JavaScript. Their chunks are
// asked for again until they load: a failed route chunk makes the router reload the page, and
// these screens are most wanted when the network is not there.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(
    () => importUntilLoaded(() => import('../app/not-found')),
    'NotFound',
  ),
  errorComponent: lazyRouteComponent(
    () => importUntilLoaded(() => import('../app/route-error')),
    'RouteError',
  ),
})
