import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { machineHostNames } from './machine-names.js'

describe('machineHostNames', () => {
  it("is the machine's host name and the fully-qualified form the hosts file gives it", () => {
    const hostsFile = [
      '127.0.0.1\tlocalhost',
      '127.0.1.1\tVM.example.org vm   # the machine',
      '10.0.0.5 vm.other.example db',
      '::1 ip6-localhost ip6-loopback',
    ].join('\n')
    expect(machineHostNames({ hostName: 'vm', hostsFile }).sort()).toEqual(['vm', 'vm.example.org'])
  })

  it('takes nothing from lines that do not name the machine, nor from comments', () => {
    const hostsFile = '10.0.0.5 vm.evil.example other\n# 127.0.1.1 vm.commented.example vm\n'
    expect(machineHostNames({ hostName: 'VM', hostsFile })).toEqual(['vm'])
  })

  it('reads the system when told nothing', () => {
    expect(machineHostNames()).toContain(hostname().toLowerCase())
  })
})
