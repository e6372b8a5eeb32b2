import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join } from 'node:path'

// Where LibreOffice runs (docs/files.md, "The sandbox"). An uploaded document is untrusted: a
// .docx may link an image to any URL or to a `file://` path, and LibreOffice fetches those
// links while it converts. So a conversion never runs with the api's network, files or
// environment: it sees its own folder (the document in, the PDF out), the system's programs
// read-only, and no network at all.

/** Why a conversion made no PDF; its message is the reason kept and shown to the asker. */
export class PreviewUnavailable extends Error {}

/** One conversion: `dir` holds `input` and receives `<input's stem>.pdf`; nothing else. */
export interface ConversionJob {
  dir: string
  input: string
  /** The longest the conversion may run before everything it started is killed. */
  timeoutMs: number
  /** Aborted: the conversion is killed at once (its asker went away). */
  signal?: AbortSignal | undefined
}

/** A place that runs LibreOffice on one document at a time, apart from everything else. */
export interface Sandbox {
  /** How it isolates (`bubblewrap`, `container`, `converter service`), for the start-up log. */
  readonly kind: string
  /** Resolves once LibreOffice exited well; rejects with `PreviewUnavailable` otherwise. */
  convert(job: ConversionJob): Promise<void>
}

/** The first executable `name` on a PATH-like list of folders, or undefined. */
export const findOnPath = async (name: string, path: string): Promise<string | undefined> => {
  for (const folder of path.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, name)
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** LibreOffice's arguments for one conversion, its profile in a folder it may throw away. */
const sofficeArgs = (profile: string, input: string, outDir: string): string[] => [
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
]

/** The environment a conversion gets: no variable of the api's (its secrets among them). */
const bareEnv = (home: string): NodeJS.ProcessEnv => ({
  PATH: '/usr/bin:/bin',
  HOME: home,
  LANG: 'C.UTF-8',
})

/**
 * Runs a program in its own process group and session, killed whole once `timeoutMs` have
 * passed (soffice starts a second process that would outlive its launcher).
 */
export const runBounded = (
  program: string,
  args: string[],
  options: {
    cwd: string
    env: NodeJS.ProcessEnv
    timeoutMs: number
    what: string
    signal?: AbortSignal | undefined
  },
): Promise<void> =>
  new Promise((done, fail) => {
    const { signal, timeoutMs, what } = options
    if (signal?.aborted) {
      fail(new PreviewUnavailable('The conversion was called off.'))
      return
    }
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: 'ignore',
    })
    const killAll = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    const end = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      end()
      killAll()
      fail(new PreviewUnavailable('The conversion was called off.'))
    }
    const timer = setTimeout(() => {
      end()
      killAll()
      fail(new PreviewUnavailable(`The conversion took longer than ${timeoutMs} ms.`))
    }, timeoutMs)
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      end()
      fail(new PreviewUnavailable(`${what} could not start: ${error.message}`))
    })
    child.on('exit', (code) => {
      end()
      if (code === 0) done()
      else fail(new PreviewUnavailable(`${what} exited with ${code}.`))
    })
  })

/**
 * The folder of the system's files LibreOffice's installation needs, when it is not under
 * `/usr` (which the sandbox always shows): its `program` folder's parent, as LibreOffice's own
 * packages lay it out under `/opt`, else the program's own folder.
 */
const installationOf = async (soffice: string): Promise<string | undefined> => {
  const real = await realpath(soffice)
  if (real.startsWith('/usr/')) return undefined
  const folder = dirname(real)
  return basename(folder) === 'program' ? dirname(folder) : folder
}

/** The parts of `/etc` LibreOffice reads: fonts, the libraries' cache, its own, one user name. */
const ETC_READ = ['fonts', 'ld.so.cache', 'libreoffice', 'passwd']

/** Inside the sandbox: the job's folder, and LibreOffice's throw-away profile. */
const JOB = '/job'
const PROFILE = '/tmp/profile'

/**
 * bubblewrap's arguments for a program run with nothing but `/usr` (and LibreOffice's own
 * installation) read-only, a few files of `/etc`, an empty `/tmp`, and `dir` as `/job`; in new
 * namespaces of every kind, so with a network of its own holding nothing, and killed when its
 * parent dies.
 */
const bwrapArgs = (dir: string, installation: string | undefined): string[] => [
  '--unshare-all',
  '--die-with-parent',
  '--new-session',
  '--clearenv',
  ...Object.entries(bareEnv(JOB)).flatMap(([name, value]) => ['--setenv', name, value ?? '']),
  '--ro-bind',
  '/usr',
  '/usr',
  ...ETC_READ.flatMap((entry) => ['--ro-bind-try', `/etc/${entry}`, `/etc/${entry}`]),
  '--symlink',
  'usr/lib',
  '/lib',
  '--symlink',
  'usr/lib64',
  '/lib64',
  '--symlink',
  'usr/bin',
  '/bin',
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--tmpfs',
  '/tmp',
  // After the empty /tmp, which would hide an installation below it.
  ...(installation === undefined ? [] : ['--ro-bind', installation, installation]),
  '--bind',
  dir,
  JOB,
  '--chdir',
  JOB,
]

/**
 * Whether bubblewrap can make its sandbox on this machine (an unprivileged container usually
 * cannot create namespaces): undefined when it can, else why not.
 */
export const probeBubblewrap = async (bwrap: string): Promise<string | undefined> => {
  const dir = await mkdtemp(join(tmpdir(), 'palabre-sandbox-probe-'))
  try {
    await runBounded(bwrap, [...bwrapArgs(dir, undefined), '/bin/true'], {
      cwd: dir,
      env: bareEnv(dir),
      timeoutMs: 30_000,
      what: 'bubblewrap',
    })
    return undefined
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `bubblewrap cannot make a sandbox here (${reason})`
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** LibreOffice in a bubblewrap sandbox: the way every api node converts when it can. */
export const bubblewrapSandbox = async (bwrap: string, soffice: string): Promise<Sandbox> => {
  const installation = await installationOf(soffice)
  return {
    kind: 'bubblewrap',
    convert: ({ dir, input, timeoutMs, signal }) =>
      runBounded(
        bwrap,
        [...bwrapArgs(dir, installation), soffice, ...sofficeArgs(PROFILE, join(JOB, input), JOB)],
        { cwd: dir, env: bareEnv(dir), timeoutMs, signal, what: 'LibreOffice' },
      ),
  }
}

/**
 * LibreOffice run directly, for a process whose container is the sandbox: the converter
 * service of docker compose, which has no network, no secret in its environment and no volume
 * but its socket's (docs/files.md, "The sandbox"). Never chosen by itself: the converter
 * service's PREVIEW_SANDBOX=container says so.
 */
export const containerSandbox = (soffice: string): Sandbox => ({
  kind: 'container',
  convert: ({ dir, input, timeoutMs, signal }) =>
    runBounded(soffice, sofficeArgs(join(dir, '.profile'), join(dir, input), dir), {
      cwd: dir,
      env: bareEnv(dir),
      timeoutMs,
      signal,
      what: 'LibreOffice',
    }),
})
