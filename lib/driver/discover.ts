/** Finding and installing a Chromium. Serving never installs anything; `browser install` does. */
import { type Config, defaultConfig } from "../config.ts";

export const CANDIDATES = ["chromium-headless-shell", "chromium", "google-chrome", "google-chrome-stable"];

export interface Discovery {
  path: string | null;
  source: "flag" | "env" | "path" | null;
  tried: string[];
}

function isExecutable(path: string): boolean {
  try {
    const st = Deno.statSync(path);
    return st.isFile && ((st.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Which browser to look for: the configured one, else the candidates on the inherited PATH. */
export type BrowserChoice = Pick<Config, "chromium" | "browser">;

/**
 * `--chromium PATH` (or PORTHOLE_CHROMIUM), then the candidates on PATH, in order. A bare path
 * (or null) is looked for with the defaults, as a flag would be.
 */
export function discoverChromium(given: BrowserChoice | string | null = null): Discovery {
  const choice = given !== null && typeof given === "object"
    ? given
    : { ...defaultConfig(), chromium: given };
  const tried: string[] = [];
  const explicit = choice.chromium;
  if (explicit) {
    tried.push(explicit);
    const source = choice.browser.chromiumFrom ?? "flag";
    return { path: isExecutable(explicit) ? explicit : null, source, tried };
  }
  const dirs = (choice.browser.inherited.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(":").filter(Boolean);
  for (const name of CANDIDATES) {
    for (const dir of dirs) {
      const full = `${dir}/${name}`;
      tried.push(full);
      if (isExecutable(full)) return { path: full, source: "path", tried };
    }
  }
  return { path: null, source: null, tried };
}
