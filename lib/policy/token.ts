/** Token comparison for every door (HTTP, BAP, MCP, UI). Pure. */

/** Whether `given` equals `expected`, in time that does not depend on where they differ. */
export function sameToken(given: string, expected: string): boolean {
  const x = new TextEncoder().encode(given);
  const y = new TextEncoder().encode(expected);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
