/**
 * `porthole doctor [serve options] [--json]`: what to run first when something fails. It takes
 * the options `serve` would, and checks what a first session would otherwise find out the hard way.
 * Exits 1 when any check fails (warnings do not), 0 otherwise.
 */
import type { EnvReader } from "../config.ts";
import { parseServeArgs } from "./parse.ts";
import { UsageError } from "./values.ts";
import * as checks from "./doctor_checks.ts";
import type { Check } from "./doctor_checks.ts";

export type { Check };

export interface DoctorReport {
  ok: boolean;
  checks: Check[];
}

/** Splits off --config (checked on its own, so a bad file is a failed check, not a usage error). */
function splitConfig(args: string[], env: EnvReader): { path: string | null; rest: string[] } {
  let path = env("PORTHOLE_CONFIG") || null;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = /^--config(?:=(.*))?$/.exec(args[i]);
    if (!m) rest.push(args[i]);
    else path = m[1] ?? args[++i] ?? null;
  }
  return { path, rest };
}

export async function doctor(args: string[], env: EnvReader = Deno.env.get): Promise<DoctorReport> {
  const { path, rest } = splitConfig(args, env);
  const withoutFile: EnvReader = (name) => name === "PORTHOLE_CONFIG" ? undefined : env(name);
  let refused = false;
  let config;
  try {
    config = await parseServeArgs(rest, withoutFile);
  } catch (err) {
    if (!(err instanceof UsageError) || !/without a token/.test(err.message)) throw err;
    refused = true;
    config = await parseServeArgs([...rest, "--allow-no-token"], withoutFile);
  }
  const list: Check[] = [
    await checks.chromiumCheck(config),
    await checks.sandboxCheck(config),
    await checks.userNamespacesCheck(config),
    await checks.fontsCheck(),
    await checks.shmCheck(),
    await checks.tempCheck(),
    checks.portCheck(config),
    checks.configFileCheck(path),
    checks.tokenCheck(config, refused),
  ];
  return { ok: list.every((c) => c.status !== "fail"), checks: list };
}

export function formatReport(report: DoctorReport): string {
  const lines = report.checks.flatMap((c) => {
    const head = `${c.status === "ok" ? "ok  " : c.status.toUpperCase()}  ${c.name.padEnd(8)} ${c.detail}`;
    return c.fix ? [head, `      ${"".padEnd(8)} fix: ${c.fix}`] : [head];
  });
  const failed = report.checks.filter((c) => c.status === "fail").length;
  lines.push(failed ? `${failed} check(s) failed` : "all checks passed");
  return lines.join("\n");
}

/** The CLI entry: prints the report (or its JSON) and returns the exit code. */
export async function runDoctor(args: string[]): Promise<number> {
  const json = args.includes("--json");
  const report = await doctor(args.filter((a) => a !== "--json"));
  console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.ok ? 0 : 1;
}
