import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { WalletRecord } from '../../../contract/earn-account.schema'

// One directory per user under DATA_DIR/exports; a job's finished file is <id>.csv, and
// each run writes <id>.<attempt>.csv.part first, renamed into place only when complete.

export const exportsDir = (dataDir: string, userId: number) =>
  join(dataDir, 'exports', String(userId))

export const finalFileName = (jobId: number) => `${jobId}.csv`
export const partFileName = (jobId: number, attempt: number) => `${jobId}.${attempt}.csv.part`

/** Removes every file of a job: its finished file and any part left by an earlier run. */
export async function removeJobFiles(
  dataDir: string,
  userId: number,
  jobId: number,
  keep?: string,
): Promise<void> {
  const dir = exportsDir(dataDir, userId)
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return // No directory: nothing was ever written for this user.
  }
  const mine = names.filter(
    (n) => n !== keep && (n === finalFileName(jobId) || n.startsWith(`${jobId}.`)),
  )
  await Promise.all(mine.map((n) => rm(join(dir, n), { force: true })))
}

export const CSV_HEADER =
  'record_id,time_utc,created_at,type,coin,amount,from_account,to_account,product_id,product_type,order_id,position_id\n'

const cell = (v: string | number | null): string => {
  if (v === null) return ''
  const s = String(v)
  // RFC 4180 quoting, and a leading quote on formula starters so spreadsheets show text.
  const safe = /^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const utcTime = (unix: number) => new Date(unix * 1000).toISOString().replace('T', ' ').slice(0, 19)

/** One wallet record as a CSV line (amount exactly as the API shows it). */
export function csvLine(r: WalletRecord): string {
  return (
    [
      r.record_id,
      utcTime(r.created_at),
      r.created_at,
      r.type,
      r.coin,
      r.amount,
      r.from_account,
      r.to_account,
      r.product_id,
      r.product_type,
      r.order_id,
      r.position_id,
    ]
      .map(cell)
      .join(',') + '\n'
  )
}

const utcDate = (d: Date) => d.toISOString().slice(0, 10)

/** The name the browser saves: what it is, the range and the record id. */
export const downloadFileName = (job: { id: number; startAt: Date; endAt: Date }) =>
  `earn-wallet-records_${utcDate(job.startAt)}_${utcDate(job.endAt)}_${job.id}.csv`
