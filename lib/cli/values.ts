/**
 * The command line's value readers and its one error: a duration, a size, a comma list, a switch,
 * a choice. A bad value is a `UsageError`, which `porthole` prints and exits with 2.
 */

/** A bad flag or variable: the command line says so and exits with 2. */
export class UsageError extends Error {}

/** Runs `fn`; what it throws becomes a usage error with the same message. */
export function usage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError((err as Error).message);
  }
}

/** Parse a duration such as `900`, `90s`, `15m`, `1h`, `500ms` into milliseconds. */
export function parseDuration(text: string): number {
  const m = text.trim().match(/^(\d+(?:\.\d+)?)(ms|s|m|h)?$/);
  if (!m) throw new Error(`"${text}" is not a duration (examples: 900s, 15m, 1h)`);
  const n = Number(m[1]);
  const unit = m[2] ?? "s";
  return Math.round(n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!);
}

/** Parse a size such as `10485760`, `512k`, `10m` (KiB/MiB) into bytes. */
export function parseSize(text: string): number {
  const m = text.trim().toLowerCase().match(/^(\d+)(k|kb|kib|m|mb|mib)?$/);
  if (!m) throw new Error(`"${text}" is not a size (examples: 10485760, 512k, 10m)`);
  const mult = m[2]?.startsWith("k") ? 1024 : m[2]?.startsWith("m") ? 1024 * 1024 : 1;
  return Number(m[1]) * mult;
}

/** A switch's value: anything but `0` and `false` turns it on. */
export const on = (v: string) => v !== "0" && v !== "false";

/** A comma list, trimmed, without empty members. */
export function list(v: string): string[] {
  return v.split(",").map((s) => s.trim()).filter(Boolean);
}

/** A flag whose value must be one of `allowed`. */
export function oneOf<T extends string>(flag: string, allowed: readonly T[], v: string): T {
  if (!allowed.includes(v as T)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(", ")}, got "${v.slice(0, 40)}"`);
  }
  return v as T;
}
