import type { QueryClient } from '@tanstack/react-query'
import { Outlet, createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'

export type RouterContext = { queryClient: QueryClient }

// The error and not-found screens are their own chunks: no first view needs them (the server
// renders neither), so they stay off the landing pages' initial JavaScript.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('../app/not-found'), 'NotFound'),
  errorComponent: lazyRouteComponent(() => import('../app/route-error'), 'RouteError'),
})
