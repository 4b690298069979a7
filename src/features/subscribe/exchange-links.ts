import { i18n } from '../../lib/i18n/i18n'

/** Exchange pages outside the earn section (paths of the deep-link table, spec §2). */
const localized = (path: string) => `/${i18n.language}${path}`

export const kycHref = () => localized('/user/accounts/auth/personal')
export const depositHref = () => localized('/fiat/deposit')
