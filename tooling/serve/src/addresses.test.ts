import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { openingUrls } from './addresses.js'

const address = (
  address: string,
  family: 'IPv4' | 'IPv6',
  internal = false,
): NetworkInterfaceInfo =>
  ({
    address,
    family,
    internal,
    netmask: '',
    mac: '00:00:00:00:00:00',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo

const machine = {
  hostName: 'VM',
  interfaces: {
    lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
    eth0: [
      address('192.168.1.20', 'IPv4'),
      address('fd00::2', 'IPv6'),
      address('fe80::fc:ff:fe00:1', 'IPv6'),
    ],
    wlan0: [address('10.0.0.7', 'IPv4')],
  },
}

describe('the addresses `pnpm start` prints', () => {
  it("lists localhost, the machine's IPv4 addresses and its name on every IPv4 interface", () => {
    expect(openingUrls('0.0.0.0', 8080, machine)).toEqual([
      'http://localhost:8080',
      'http://192.168.1.20:8080',
      'http://10.0.0.7:8080',
      'http://vm:8080',
    ])
  })

  it('adds the IPv6 addresses a browser can open when listening on :: too', () => {
    expect(openingUrls('::', 8080, machine)).toEqual([
      'http://localhost:8080',
      'http://192.168.1.20:8080',
      'http://[fd00::2]:8080',
      'http://10.0.0.7:8080',
      'http://vm:8080',
    ])
  })

  it('is the one address listened on otherwise', () => {
    expect(openingUrls('127.0.0.1', 8080, machine)).toEqual(['http://127.0.0.1:8080'])
    expect(openingUrls('::1', 3000, machine)).toEqual(['http://[::1]:3000'])
    expect(openingUrls('192.168.1.20', 8080, machine)).toEqual(['http://192.168.1.20:8080'])
  })
})
