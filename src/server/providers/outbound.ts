import { lookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { Agent } from 'undici'

/**
 * Where the server may call out to. A vendor's address is typed by an admin, and merchants make
 * the server call it (a voice preview, provider/status), so a deployment that runs beside private
 * services can refuse every address that is not public: VENDOR_PRIVATE_TARGETS=refuse. Off by
 * default, as the embedded set-up runs its vendors (a speech server, a contract server) on this
 * machine or its network.
 */
export function refusesPrivateTargets(): boolean {
  return process.env.VENDOR_PRIVATE_TARGETS === 'refuse'
}

/** Loopback, private, link-local, shared, multicast and reserved ranges: none is a vendor on the internet. */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

export function isPrivateAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return NOT_PUBLIC.check(mapped, 'ipv4')
  const family = isIP(address)
  return family === 0 ? false : NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The code of the error a connection refused by the policy fails with, under fetch's TypeError. */
export const PRIVATE_TARGET = 'PRIVATE_TARGET'

export class PrivateTargetError extends Error {
  readonly code = PRIVATE_TARGET
  constructor(readonly host: string, readonly address: string) {
    super(`${host} is at ${address}, which is not a public address`)
  }
}

/**
 * Name resolution that refuses a private answer where the connection is made, so a name that
 * resolves to a public address when checked and to a private one a moment later (DNS rebinding)
 * is refused too.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((a) => isPrivateAddress(a.address))
    if (refused) return callback(new PrivateTargetError(hostname, refused.address), [])
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

let publicOnly: Agent | undefined

/** fetch's dispatcher under the policy: undefined (Node's own) unless private targets are refused. */
export function outboundDispatcher(): Agent | undefined {
  if (!refusesPrivateTargets()) return undefined
  publicOnly ??= new Agent({ connect: { lookup: publicOnlyLookup } })
  return publicOnly
}
