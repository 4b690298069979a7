import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { submitBillExportRequest, type DownloadLinkResponse } from '../../../contract/export.schema'
import { EXPORT_LIMITS, ExportStatus } from '../../../contract/export-constants'
import type { AppContext } from '../../deps'
import { publicOrigin } from '../../config'
import { optionalUser, requireUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { envelope } from '../../http/envelope'
import { requestText } from '../../http/request-body'
import { ApiError, BillExportRetCode } from '../../http/errors'
import { downloadPath, verifyDownload } from './download-link'
import { downloadFileName, exportsDir } from './files'

/** Telegram Web, the one client that fetches a downloadFile link cross-origin. */
const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org'
import {
  cancelOrDeleteExport,
  exportError,
  listExports,
  ownJob,
  parseExportBody,
  retryExport,
  submitExport,
} from './service'

const toUnix = (d: Date) => Math.floor(d.getTime() / 1000)

/** download-bill / the generic download link: a signed, 15-minute link to a finished file. */
async function downloadLink(
  deps: AppContext,
  c: Context,
  userId: number,
  recordId: string,
): Promise<DownloadLinkResponse> {
  const job = await ownJob(deps.db, userId, recordId)
  if (job.status !== ExportStatus.Success)
    throw exportError(BillExportRetCode.InvalidRequest, 'this export has no file yet')
  const { path, expiresAt } = downloadPath(
    deps.config.SESSION_SECRET,
    job.id,
    job.userId,
    toUnix(deps.clock.now()),
  )
  // An absolute URL (Telegram's openLink and the app launcher open it outside this page) on the
  // configured origin: a forged Host header must not point a user's link at another site.
  return {
    download_url: `${publicOrigin(deps.config)}${path}`,
    expires_at: expiresAt,
  }
}

/** Bill export's own codes: logged out first (10007), then a malformed body answers 328. */
const exportCall = { before: requireUser, invalidCode: BillExportRetCode.InvalidRequest }

/** The four bill-export earn calls (spec §7). */
export const billExportCalls = (deps: AppContext) => {
  const { db, clock } = deps
  return [
    earnCall(
      'submit-bill-export',
      async (req, c) => submitExport(db, (await requireUser(c)).id, req, clock.now()),
      exportCall,
    ),
    earnCall(
      'list-bill-export',
      async (_req, c) => ({ records: await listExports(db, (await requireUser(c)).id) }),
      exportCall,
    ),
    earnCall(
      'retry-bill-export',
      async (req, c) => retryExport(db, (await requireUser(c)).id, req.record_id),
      exportCall,
    ),
    earnCall(
      'download-bill',
      async (req, c) => downloadLink(deps, c, (await requireUser(c)).id, req.record_id),
      exportCall,
    ),
  ]
}

/** The generic export-record paths (ours; docs/export.md) and the signed file download. */
export function exportRecordRoutes(deps: AppContext): Hono {
  const { db, clock, config } = deps
  const ok = <T>(result: T) => envelope(result, clock)
  return new Hono()
    .post('/export-records', async (c) => {
      const user = await requireUser(c)
      const req = parseExportBody(await requestText(c), submitBillExportRequest)
      return c.json(ok(await submitExport(db, user.id, req, clock.now())))
    })
    .get('/export-records', async (c) => {
      const user = await requireUser(c)
      return c.json(ok({ records: await listExports(db, user.id) }))
    })
    .delete('/export-records/:record_id', async (c) => {
      const user = await requireUser(c)
      const id = c.req.param('record_id')
      return c.json(ok(await cancelOrDeleteExport(db, user.id, id, clock.now(), config.DATA_DIR)))
    })
    .get('/export-records/:record_id/download-link', async (c) => {
      const user = await requireUser(c)
      return c.json(ok(await downloadLink(deps, c, user.id, c.req.param('record_id'))))
    })
    .get('/export-files/:record_id', async (c) => serveFile(deps, c))
}

const refuse = (code: number, message: string, status: 403 | 404) =>
  new ApiError(code, message, status)

async function serveFile(deps: AppContext, c: Context): Promise<Response> {
  const { db, clock, config } = deps
  const recordId = c.req.param('record_id') ?? ''
  const expires = Number(c.req.query('expires'))
  const sig = c.req.query('sig') ?? ''
  const invalidLink = refuse(
    BillExportRetCode.InvalidRequest,
    'this download link is not valid',
    403,
  )
  if (!/^\d{1,15}$/.test(recordId) || !Number.isInteger(expires) || !sig) throw invalidLink
  const rows = await db.query.exportJobs.findFirst({
    where: (j, { eq }) => eq(j.id, Number(recordId)),
  })
  if (!rows || !verifyDownload(config.SESSION_SECRET, rows.id, rows.userId, expires, sig))
    throw invalidLink
  const viewer = await optionalUser(c)
  // Signed for its owner: another logged-in account may not use it, even with a valid link.
  if (viewer && viewer.id !== rows.userId)
    throw refuse(BillExportRetCode.NoRecord, 'this download link belongs to another account', 403)
  // The signature covers `expires`, and no link is issued for longer than its TTL: one that
  // claims more (signed under an old policy or a leaked key) is refused.
  const now = toUnix(clock.now())
  if (expires > now + EXPORT_LIMITS.linkTtlSeconds) throw invalidLink
  if (expires < now)
    throw refuse(
      BillExportRetCode.InvalidRequest,
      'this download link has expired; ask for a new one',
      403,
    )
  if (rows.deletedAt || rows.status !== ExportStatus.Success || !rows.fileName)
    throw refuse(BillExportRetCode.NoRecord, 'this export has no file', 404)
  const path = join(exportsDir(config.DATA_DIR, rows.userId), rows.fileName)
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  )
  if (size === null) throw refuse(BillExportRetCode.NoRecord, 'this export has no file', 404)
  const name = downloadFileName(rows)
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${name}"`,
      // Telegram's downloadFile (Bot API 8.0): Telegram Web fetches the signed link from its
      // own origin, so it must be allowed to read it (the link, not a cookie, authorises).
      'access-control-allow-origin': TELEGRAM_WEB_ORIGIN,
      'access-control-expose-headers': 'content-disposition',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
