import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RetCode } from '../../../../contract/ret-codes'
import { RequestError } from '../../../lib/http/request-error'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/text-field'
import { useLogin } from '../api/login'
import { safeRedirectPath } from '../redirect-target'

/** Messages for the auth codes of docs/api.md; anything else is the generic message. */
const LOGIN_ERROR_KEYS: Record<number, string> = {
  [RetCode.InvalidRequest]: 'auth.errors.invalid',
  [RetCode.InvalidCredentials]: 'auth.errors.incorrect',
  [RetCode.TooManyRequests]: 'auth.errors.tooMany',
}

export function LoginPage({ redirectUrl, homePath }: { redirectUrl?: string; homePath: string }) {
  const { t } = useTranslation()
  const router = useRouter()
  const queryClient = useQueryClient()
  const loginMutation = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    loginMutation.mutate(
      { email, password },
      {
        onSuccess: async () => {
          // Everything read while logged out (availability, balances) is stale now.
          await queryClient.invalidateQueries()
          const target = safeRedirectPath(redirectUrl, location.origin) ?? homePath
          router.history.replace(target)
        },
      },
    )
  }

  const error = loginMutation.error
  const errorText = error
    ? t((error instanceof RequestError && LOGIN_ERROR_KEYS[error.code]) || 'errors.generic')
    : undefined

  return (
    <div className="mx-auto flex w-full max-w-[420px] flex-col gap-5 py-4">
      <div>
        <h1 className="m-0 text-2xl font-700">{t('auth.title')}</h1>
        <p className="m-0 mt-1 text-[var(--earn-hint)]">{t('auth.subtitle')}</p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          dir="ltr"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errorText}
        />
        <Button type="submit" block busy={loginMutation.isPending} disabled={!email || !password}>
          {t('auth.submit')}
        </Button>
      </form>
    </div>
  )
}
