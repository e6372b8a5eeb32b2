import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'

const readHostsFile = (): string => {
  try {
    return readFileSync('/etc/hosts', 'utf8')
  } catch {
    return ''
  }
}

/**
 * This machine's host names, lower-cased: `os.hostname()` and, where the hosts file lists it,
 * its fully-qualified form (`127.0.1.1 host.example.org host`). Read from the system, never
 * asked of DNS: a name a resolver answers for is exactly what a rebinding attacker controls
 * (docs/security.md, "Cross-site requests").
 */
export const machineHostNames = ({
  hostName = hostname(),
  hostsFile = readHostsFile(),
}: { hostName?: string; hostsFile?: string } = {}): string[] => {
  const own = hostName.toLowerCase()
  if (own === '') return []
  const shortName = own.split('.')[0] ?? own
  const names = new Set([own])
  for (const line of hostsFile.split('\n')) {
    const [, ...aliases] = (line.split('#')[0] ?? '').trim().toLowerCase().split(/\s+/)
    if (!aliases.includes(own)) continue
    for (const alias of aliases)
      if (alias === shortName || alias.startsWith(`${shortName}.`)) names.add(alias)
  }
  return [...names]
}
