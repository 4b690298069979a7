import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/components/login-page'

type LoginSearch = { redirect_url?: string }

/** /{lang}/login?redirect_url=<page> (spec §2). */
export const Route = createFileRoute('/{-$locale}/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect_url === 'string' && search.redirect_url.length <= 2048
      ? { redirect_url: search.redirect_url }
      : {},
  loader: async () => (await import('../../app/i18n-namespaces')).loadNamespace('auth'),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect_url } = Route.useSearch()
  const { locale } = Route.useParams()
  return (
    <LoginPage
      redirectUrl={redirect_url}
      homePath={locale ? `/${locale}/earn/home` : '/earn/home'}
    />
  )
}
