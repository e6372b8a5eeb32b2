// An api node's office previews in a process of its own, for the test that kills a node in the
// middle of a conversion (src/files/previews.test.ts): it asks for one document's preview,
// which its worker takes (the test starts no worker of its own before killing this one).
// Usage: node --conditions=@palabre/source --import tsx preview-node.ts <redis url> <store JSON>
//          <soffice> <lock ms> <stalled interval ms> <stored name> <work folder>
// where the store is {"kind":"disk","dir":…} or {"kind":"s3","s3":S3Settings}; the soffice
// runs in the bubblewrap sandbox, which dies with this process.
import { pino } from 'pino'
import type { S3Settings } from '../src/config.js'
import { createDiskStore } from '../src/files/disk-store.js'
import { createS3Store } from '../src/files/s3-store.js'
import { createPreviews } from '../src/files/previews.js'
import { bubblewrapSandbox, findOnPath } from '../src/files/sandbox.js'

const [redisUrl, storeJson, soffice, lockMs, stalledMs, name, work] = process.argv.slice(2)
if (work === undefined || storeJson === undefined || soffice === undefined)
  throw new Error('usage: preview-node.ts <redis> <store> <soffice> <lock> <stalled> <name> <work>')
const bwrap = await findOnPath('bwrap', '/usr/bin:/bin')
if (bwrap === undefined) throw new Error('bubblewrap (bwrap) is not installed')
const where = JSON.parse(storeJson) as
  { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings }
const store =
  where.kind === 'disk' ? await createDiskStore(where.dir) : await createS3Store(where.s3)
const previews = createPreviews({
  store,
  sandbox: await bubblewrapSandbox(bwrap, soffice),
  timeoutMs: 600_000,
  perPerson: 3,
  workRoot: work,
  logger: pino({ level: 'warn' }, pino.destination(2)),
  redisUrl,
  jobs: { lockDurationMs: Number(lockMs), stalledIntervalMs: Number(stalledMs) },
})
// Killed before it ends: nothing waits for the answer.
void previews.pdfOf(name ?? '', 'ann').catch(() => undefined)
