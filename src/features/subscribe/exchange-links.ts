import { useRouterState } from '@tanstack/react-router'
import { i18n } from '../../lib/i18n/i18n'
import { loginUrl } from '../../lib/http/login-redirect'
import { useHydrated } from '../../lib/hydration/use-hydrated'

/** Exchange pages outside the earn section (paths of the deep-link table, spec §2). */
const localized = (path: string) => `/${i18n.language}${path}`

export const kycHref = () => localized('/user/accounts/auth/personal')
export const depositHref = () => localized('/fiat/deposit')
/**
 * Login and back to this page (spec §2). The server's first view (and the hydration of it)
 * names the page by its path, as the server cannot know the address the browser used; the
 * browser's full address replaces it right after.
 */
export function useLoginHref(): string {
  const path = useRouterState({ select: (s) => s.location.href })
  return loginUrl(i18n.language, useHydrated() ? location.href : path)
}
