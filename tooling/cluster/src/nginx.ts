import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The compose file's nginx site, which the cluster's is made from. */
export const composeSiteFile = fileURLToPath(new URL('../../../docker/nginx.conf', import.meta.url))

export const nginxBinary = '/usr/sbin/nginx'

export interface Site {
  /** The loopback port nginx listens on. */
  port: number
  /** The built web app (apps/web/dist). */
  webRoot: string
  /** The ports of the api nodes and of the realtime nodes, on 127.0.0.1. */
  api: number[]
  realtime: number[]
}

/** nginx reads a double-quoted string with backslash escapes. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`

/**
 * Replaces the one line of `template` that `line` matches, keeping its indentation; a template
 * without exactly one such line is an error, so a change of docker/nginx.conf that the cluster
 * would silently miss fails its tests instead.
 */
const replaceLine = (
  template: string,
  line: RegExp,
  replacement: (indent: string) => string,
  what: string,
): string => {
  const pattern = new RegExp(`^([ \\t]*)${line.source}[ \\t]*$`, 'gm')
  const found = template.match(pattern) ?? []
  if (found.length !== 1)
    throw new Error(
      `docker/nginx.conf has ${found.length} lines ${what}; the cluster replaces exactly one`,
    )
  return template.replace(pattern, (_match, indent: string) => replacement(indent))
}

const servers = (ports: number[]) => (indent: string) =>
  ports.map((port) => `${indent}server 127.0.0.1:${port};`).join('\n')

/**
 * The cluster's nginx site: docker/nginx.conf itself, the template of both, with the four
 * lines that name compose's hosts replaced by loopback ones (docs/operations.md, "A cluster on
 * one machine"): each upstream lists this machine's nodes instead of a service name, nginx
 * listens on 127.0.0.1 and serves apps/web/dist. Everything else (routes, headers, gzip,
 * caching, the export's unbuffered location, failover to the next node) is the compose file's.
 */
export const siteConfig = (template: string, site: Site): string => {
  let text = template
  text = replaceLine(text, /server realtime:3001;/, servers(site.realtime), 'naming realtime:3001')
  text = replaceLine(text, /server api:3000;/, servers(site.api), 'naming api:3000')
  text = replaceLine(
    text,
    /listen 80;/,
    (indent) => `${indent}listen 127.0.0.1:${site.port};`,
    "with 'listen 80;'",
  )
  text = replaceLine(
    text,
    /root \/usr\/share\/nginx\/html;/,
    (indent) => `${indent}root ${quoted(site.webRoot)};`,
    'with the root /usr/share/nginx/html',
  )
  return text
}

/**
 * What the official image's /etc/nginx/nginx.conf gives the compose site, for Debian's nginx run
 * by anyone: one worker (one round-robin, so sockets alternate exactly between the nodes), and
 * every file nginx writes (pid, lock, logs, request bodies and proxy buffers) under `prefix`
 * and `logDir` instead of /run and /var.
 */
export const mainConfig = ({
  prefix,
  logDir,
  siteFile,
}: {
  prefix: string
  logDir: string
  siteFile: string
}): string => {
  const temp = (name: string) => quoted(path.join(prefix, 'temp', name))
  return [
    '# Made by tooling/cluster (docs/operations.md, "A cluster on one machine").',
    'worker_processes 1;',
    // A proxied socket holds two connections (the client's and the node's): 1024 would cap the
    // cluster near 500 sockets (measured: the soak's 1,000 were cut there).
    'worker_rlimit_nofile 20000;',
    `pid ${quoted(path.join(prefix, 'nginx.pid'))};`,
    `lock_file ${quoted(path.join(prefix, 'nginx.lock'))};`,
    `error_log ${quoted(path.join(logDir, 'nginx-error.log'))} warn;`,
    'events {',
    '  worker_connections 8192;',
    '}',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${quoted(path.join(logDir, 'nginx-access.log'))};`,
    '  sendfile on;',
    '  keepalive_timeout 65;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${quoted(siteFile)};`,
    '}',
    '',
  ].join('\n')
}

export interface NginxFiles {
  prefix: string
  config: string
  /** `nginx -p <prefix> -c <config> -g 'daemon off;'`. */
  args: string[]
  remove(): Promise<void>
}

/** Writes the configuration into a new temporary prefix. */
export const writeNginxFiles = async (site: Site, logDir: string): Promise<NginxFiles> => {
  const prefix = await mkdtemp(path.join(tmpdir(), 'palabre-nginx-'))
  // Run by root, nginx's workers are `nobody`: they must reach the temp folders in the prefix.
  await chmod(prefix, 0o755)
  await mkdir(path.join(prefix, 'temp'), { recursive: true })
  await mkdir(logDir, { recursive: true })
  const siteFile = path.join(prefix, 'site.conf')
  const config = path.join(prefix, 'nginx.conf')
  await writeFile(siteFile, siteConfig(await readFile(composeSiteFile, 'utf8'), site))
  await writeFile(config, mainConfig({ prefix, logDir, siteFile }))
  return {
    prefix,
    config,
    args: ['-p', prefix, '-c', config, '-g', 'daemon off;'],
    remove: () => rm(prefix, { recursive: true, force: true }),
  }
}

/** Runs nginx in the foreground (its master process is the child). */
export const spawnNginx = (files: NginxFiles, log: number): ChildProcess =>
  spawn(nginxBinary, files.args, { stdio: ['ignore', log, log] })
