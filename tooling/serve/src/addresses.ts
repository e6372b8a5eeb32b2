import { hostname, networkInterfaces } from 'node:os'
import type { NetworkInterfaceInfo } from 'node:os'

const urlOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`

export interface Machine {
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>
  hostName: string
}

const thisMachine = (): Machine => ({ interfaces: networkInterfaces(), hostName: hostname() })

/**
 * Where people can open the product: listening on every interface (`0.0.0.0`, or `::` for IPv6
 * too), http://localhost, each of the machine's own addresses and its host name, any of which
 * may write without PUBLIC_URL (docs/security.md, "Cross-site requests"); listening on one
 * address, that one. Loopback addresses go under localhost; IPv6 link-local addresses, which a
 * browser cannot open without an interface name, are left out.
 */
export const openingUrls = (
  host: string,
  port: number,
  { interfaces, hostName }: Machine = thisMachine(),
): string[] => {
  if (host !== '0.0.0.0' && host !== '::') return [urlOf(host, port)]
  const families = host === '::' ? ['IPv4', 'IPv6'] : ['IPv4']
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter(
      ({ internal, family, address }) =>
        !internal && families.includes(family) && !/^fe[89ab]/i.test(address),
    )
    .map(({ address }) => address)
  const name = hostName === '' || hostName === 'localhost' ? [] : [hostName.toLowerCase()]
  return [...new Set(['localhost', ...addresses, ...name])].map((address) => urlOf(address, port))
}
