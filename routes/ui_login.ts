/**
 * Logging in to the web UI without pasting the token into a page: Porthole prints a one-time link
 * at start; opening it sets an HttpOnly, SameSite=Strict cookie that the door's token check
 * accepts. The cookie holds a random session secret, never the token itself.
 */
import { sameToken } from "../lib/policy/token.ts";

export const UI_COOKIE = "porthole_ui";
/** Logged-in browsers remembered at once; the oldest is forgotten first. */
const MAX_LOGINS = 64;

const secret = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};

export class UiLogin {
  #codes = new Set<string>();
  #sessions: string[] = [];

  /** A new one-time login link under `base` (the server's own URL). */
  link(base: string): string {
    const code = secret();
    this.#codes.add(code);
    return `${base}/ui/login?code=${code}`;
  }

  /** Spend a code: the cookie value of a new UI login, or null when the code is not (or no longer) valid. */
  redeem(code: string): string | null {
    for (const known of this.#codes) {
      if (sameToken(code, known)) {
        this.#codes.delete(known);
        return this.open();
      }
    }
    return null;
  }

  /** A new UI login for a caller that has already shown the token. */
  open(): string {
    const value = secret();
    this.#sessions.push(value);
    if (this.#sessions.length > MAX_LOGINS) this.#sessions.shift();
    return value;
  }

  /** Whether a request's Cookie header carries a UI login. */
  accepts(cookieHeader: string | undefined): boolean {
    if (!cookieHeader) return false;
    for (const part of cookieHeader.split(";")) {
      const [name, value] = part.trim().split("=", 2);
      if (name === UI_COOKIE && value && this.#sessions.some((s) => sameToken(value, s))) return true;
    }
    return false;
  }
}
