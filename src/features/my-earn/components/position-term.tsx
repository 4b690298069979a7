import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { Amount } from '../../../ui/amount'
import { ProgressBar } from '../../../ui/progress-bar'
import { nextPayout, termEnd, termProgress } from '../model/position-progress'

const DAY = 86_400

/**
 * A position's time line: for a term (fixed, dual) the progress from start to maturity or
 * settlement with both dates; for every earning position the next payout, when and about how
 * much. Times come from the server clock (`now`), dates through dayjs in the spec's formats.
 */
export function PositionTerm({ position: p, now }: { position: Position; now: number }) {
  const { t, i18n } = useTranslation()
  const progress = termProgress(p, now)
  const end = termEnd(p)
  const payout = nextPayout(p, now)
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
    numberingSystem: 'latn',
  })
  const date = (s: number) => dayjs.unix(s).format(TIME_FORMATS.date)
  const daysLeft = end === null ? 0 : Math.ceil(Math.max(0, end - now) / DAY)
  const left =
    end !== null && end > now
      ? t('myEarn.position.daysLeft', { count: daysLeft })
      : t('myEarn.position.ended')
  return (
    <div className="flex flex-col gap-3">
      {progress !== null && end !== null && (
        <div className="flex flex-col gap-1.5" data-testid="position-term">
          <div className="flex items-baseline justify-between gap-2 text-xs">
            <span className="font-600">{t('myEarn.position.progress')}</span>
            <span className="text-[var(--earn-hint)]" data-testid="position-days-left">
              {left}
            </span>
          </div>
          <ProgressBar
            value={progress}
            label={t('myEarn.position.progress')}
            valueText={`${t('myEarn.position.progressText', { percent: percent.format(progress / 100) })} · ${left}`}
            testId="position-progress"
          />
          <div className="flex justify-between gap-2 text-xs text-[var(--earn-hint)]">
            <span>
              {t('myEarn.position.started')}{' '}
              <span dir="ltr" data-testid="position-start">
                {date(p.started_at)}
              </span>
            </span>
            <span className="text-end">
              {t(p.dual ? 'myEarn.position.settles' : 'myEarn.position.ends')}{' '}
              <span dir="ltr" data-testid="position-end">
                {date(end)}
              </span>
            </span>
          </div>
        </div>
      )}
      {payout && (
        <div
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-xl bg-[var(--earn-surface)] px-3 py-2 text-sm"
          data-testid="next-payout"
          data-kind={payout.kind}
        >
          <span className="flex flex-col">
            <span className="font-600">{t('myEarn.position.nextPayout')}</span>
            <span className="text-xs text-[var(--earn-hint)]">
              {t(
                payout.kind === 'hourly'
                  ? 'myEarn.position.hourly'
                  : payout.kind === 'maturity'
                    ? 'myEarn.position.atMaturity'
                    : 'myEarn.position.atSettlement',
              )}
            </span>
          </span>
          <span className="flex flex-col items-end text-end">
            <span dir="ltr" data-testid="next-payout-time">
              {dayjs.unix(payout.at).format(TIME_FORMATS.dateTime)}
            </span>
            {payout.amount !== null && (
              <span className="text-xs font-600 text-[var(--earn-positive)]">
                {t('myEarn.position.estimated')}{' '}
                <Amount value={payout.amount} coin={p.coin} data-testid="next-payout-amount" />
              </span>
            )}
          </span>
        </div>
      )}
    </div>
  )
}
