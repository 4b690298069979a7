import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase, pgliteDirOf } from '../../server/db/client'

/**
 * A migrated, empty PGlite made once per test run (vitest's globalSetup), so the server suite's
 * fresh databases (one or more per file, one per test in some) start from a copy instead of each
 * running PostgreSQL's initdb: 3–5 s per database on the 2-core machine against about 1 s. Each test still
 * gets its own database; the copy holds only the schema, which every start would build anyway.
 */
const TEMPLATE_DIR_ENV = 'EARN_TEST_PGLITE_TEMPLATE'
const DUMP_FILE = 'template.tar'

const templateDir = () => {
  const dir = process.env[TEMPLATE_DIR_ENV]
  return dir && existsSync(join(dir, DUMP_FILE)) ? dir : undefined
}

/** The template as a dump for an in-memory PGlite; undefined when there is none. */
export function pgliteTemplateDump(): Blob | undefined {
  const dir = templateDir()
  return dir ? new Blob([readFileSync(join(dir, DUMP_FILE))]) : undefined
}

/**
 * Puts the template into a new server's data dir, so its start migrates nothing. A dir that
 * already holds a database (a restart) is left alone.
 */
export function seedDataDirFromTemplate(dataDir: string): void {
  const dir = templateDir()
  const target = pgliteDirOf(dataDir)
  if (!dir || existsSync(target)) return
  cpSync(pgliteDirOf(dir), target, { recursive: true })
}

/** vitest globalSetup (server project): builds the template; the teardown removes it. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'earn-pglite-template-'))
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir })
  await handle.migrate()
  await handle.close()
  const client = await PGlite.create(pgliteDirOf(dir))
  const dump = await client.dumpDataDir('none')
  await client.close()
  writeFileSync(join(dir, DUMP_FILE), Buffer.from(await dump.arrayBuffer()))
  // The workers vitest starts next inherit it, and so do the servers they spawn.
  process.env[TEMPLATE_DIR_ENV] = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
