/** Which network addresses a page may reach. Pure: decides on literal addresses and names. */

export interface AddressPolicy {
  /** Refuse loopback and private ranges too (default: allowed, agents test local apps). */
  blockPrivate: boolean;
  /** host:port pairs of the sidecar itself (literal addresses), never reachable. */
  selfPorts: Set<number>;
  selfHosts: Set<string>;
}

const METADATA_NAMES = new Set([
  "metadata.google.internal",
  "metadata",
  "instance-data",
  "metadata.azure.internal",
]);

function ipv4(addr: string): number[] | null {
  const m = addr.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/**
 * IPv4-mapped IPv6 as its IPv4 address: `::ffff:a.b.c.d`, and `::ffff:a9fe:a9fe`, the form the
 * URL parser writes it in.
 */
function unmap(addr: string): string {
  const a = addr.toLowerCase().replace(/^\[|\]$/g, "");
  const m = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (m) return m[1];
  const hex = a.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return a;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

export function isLoopbackAddress(addr: string): boolean {
  const a = unmap(addr);
  const v4 = ipv4(a);
  if (v4) return v4[0] === 127;
  return a === "::1";
}

/** Link-local and cloud-metadata addresses: never reachable. */
export function isMetadataAddress(addr: string): boolean {
  const a = unmap(addr);
  const v4 = ipv4(a);
  if (v4) {
    return (v4[0] === 169 && v4[1] === 254) ||
      (v4[0] === 100 && v4[1] === 100 && v4[2] === 100 && v4[3] === 200) ||
      (v4[0] === 0);
  }
  return /^fe[89ab][0-9a-f]:/.test(a) || a === "fd00:ec2::254" || a === "::";
}

export function isPrivateAddress(addr: string): boolean {
  const a = unmap(addr);
  const v4 = ipv4(a);
  if (v4) {
    return v4[0] === 10 || (v4[0] === 172 && v4[1] >= 16 && v4[1] <= 31) ||
      (v4[0] === 192 && v4[1] === 168) ||
      (v4[0] === 100 && v4[1] >= 64 && v4[1] <= 127);
  }
  return /^f[cd][0-9a-f]{2}:/.test(a);
}

/** Why a host name may not be contacted at all (before resolution), or null. */
export function refuseName(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (METADATA_NAMES.has(h)) return `${h} is a cloud metadata name`;
  return null;
}

/** Why a resolved address may not be contacted on `port`, or null when it may. */
export function refuseAddress(addr: string, port: number, policy: AddressPolicy): string | null {
  const a = unmap(addr);
  if (isMetadataAddress(a)) return `${a} is a link-local or cloud metadata address`;
  if (policy.selfPorts.has(port) && (isLoopbackAddress(a) || policy.selfHosts.has(a))) {
    return "the sidecar's own address is not reachable from pages";
  }
  if (policy.blockPrivate && (isLoopbackAddress(a) || isPrivateAddress(a))) {
    return `${a} is a private or loopback address, refused by --block-private-network`;
  }
  return null;
}
