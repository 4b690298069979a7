import { useRouterState } from '@tanstack/react-router'
import { useHydrated } from '../hydration/use-hydrated'
import { i18n } from '../i18n/i18n'
import { loginUrl } from './login-redirect'

/**
 * Login and back to this page (spec §2). The server's first view (and the hydration of it)
 * names the page by its path, as the server cannot know the address the browser used; the
 * browser's full address replaces it right after.
 */
export function useLoginHref(): string {
  const path = useRouterState({ select: (s) => s.location.href })
  return loginUrl(i18n.language, useHydrated() ? location.href : path)
}
