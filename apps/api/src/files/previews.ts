import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { extensionOf } from '@palabre/contracts'
import type { Logger } from '../logger.js'

/** Why there is no preview: no converter on this server, or this document failed to convert. */
export class PreviewUnavailable extends Error {}

export interface PreviewMaker {
  /** The path of the PDF preview of a stored office document, converting it on first use. */
  pdfOf(name: string, path: string): Promise<string>
  /** Deletes this process's LibreOffice profile, once no conversion runs. */
  close(): Promise<void>
  /** Documents asked for and not finished: the one converting and those waiting their turn. */
  pending(): number
}

export interface PreviewOptions {
  /** Where previews are cached (beside the uploads). */
  dir: string
  /** The LibreOffice program, or undefined when it is not installed. */
  soffice: string | undefined
  /** The longest one conversion may run before it is killed. */
  timeoutMs: number
  logger: Logger
  /** Told how long each LibreOffice run took, and whether it made a PDF (the metrics). */
  onConversion?: (seconds: number, outcome: 'ok' | 'failed') => void
}

/** The first `soffice` on the PATH, or undefined. */
export const findSoffice = async (path: string): Promise<string | undefined> => {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, 'soffice')
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * Runs one LibreOffice conversion in its own process group, killed whole when the time is up
 * (soffice starts a second process that would outlive its launcher).
 */
const convert = (
  soffice: string,
  profile: string,
  input: string,
  outDir: string,
  timeoutMs: number,
): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(
      soffice,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ],
      { detached: true, stdio: 'ignore' },
    )
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
      fail(new PreviewUnavailable(`The conversion took longer than ${timeoutMs} ms.`))
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      fail(new PreviewUnavailable(`LibreOffice could not start: ${error.message}`))
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) done()
      else fail(new PreviewUnavailable(`LibreOffice exited with ${code}.`))
    })
  })

/**
 * Office documents previewed as PDF (docs/files.md, "Previews"): converted by headless
 * LibreOffice on this server, nothing sent elsewhere; once per file (concurrent asks share one
 * conversion, the result is cached on disk, a failure is remembered), one conversion at a time
 * (LibreOffice is heavy) and each within a time limit.
 */
export const createPreviewMaker = (options: PreviewOptions): PreviewMaker => {
  const { dir, soffice, timeoutMs, logger, onConversion } = options
  const inFlight = new Map<string, Promise<string>>()
  let queue: Promise<unknown> = Promise.resolve()
  // One LibreOffice profile per process: two processes must not share one.
  let profile: Promise<string> | undefined

  const make = async (name: string, path: string): Promise<string> => {
    const pdf = join(dir, `${name}.pdf`)
    const failed = join(dir, `${name}.failed`)
    if (await exists(pdf)) return pdf
    if (await exists(failed)) throw new PreviewUnavailable('This document could not be converted.')
    if (soffice === undefined)
      throw new PreviewUnavailable('Previews need LibreOffice, which this server does not have.')
    await mkdir(dir, { recursive: true })
    profile ??= mkdtemp(join(tmpdir(), 'palabre-office-'))
    const work = await mkdtemp(join(tmpdir(), 'palabre-preview-'))
    try {
      // A plain input name: LibreOffice names its output after it.
      const input = join(work, `document.${extensionOf(name)}`)
      await copyFile(path, input)
      const started = Date.now()
      try {
        await convert(soffice, await profile, input, work, timeoutMs)
        if (!(await exists(join(work, 'document.pdf'))))
          throw new PreviewUnavailable('LibreOffice wrote no PDF.')
        onConversion?.((Date.now() - started) / 1_000, 'ok')
      } catch (error) {
        onConversion?.((Date.now() - started) / 1_000, 'failed')
        logger.warn({ err: error, file: name }, 'office preview failed')
        await writeFile(failed, error instanceof Error ? error.message : String(error))
        throw error instanceof PreviewUnavailable
          ? error
          : new PreviewUnavailable('This document could not be converted.')
      }
      // Written beside, then renamed: a reader never sees half a PDF.
      await copyFile(join(work, 'document.pdf'), `${pdf}.part`)
      await rename(`${pdf}.part`, pdf)
      logger.info({ file: name, ms: Date.now() - started }, 'office preview made')
      return pdf
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }

  return {
    pdfOf(name, path) {
      const running = inFlight.get(name)
      if (running) return running
      const next = queue.then(() => make(name, path))
      queue = next.catch(() => undefined)
      inFlight.set(name, next)
      void next.finally(() => inFlight.delete(name)).catch(() => undefined)
      return next
    },
    async close() {
      await queue
      if (profile) await rm(await profile, { recursive: true, force: true })
      profile = undefined
    },
    pending: () => inFlight.size,
  }
}
