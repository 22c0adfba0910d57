/**
 * The one credential-field rule of every door (HTTP, MCP, BAP): which fields never show their
 * value and are never typed into. Pure.
 */

/** What Porthole knows about a field, read from the DOM and the accessibility tree. */
export interface FieldFacts {
  tag: string;
  type?: string | null;
  autocomplete?: string | null;
  name?: string | null;
  id?: string | null;
  placeholder?: string | null;
  ariaLabel?: string | null;
  /** The accessible name Chromium computed; null when it could not be read. */
  accessibleName?: string | null;
  /** aria-labelledby names an id that does not resolve. */
  labelledbyUnresolved?: boolean;
  /** The page marks the field `data-sensitive`. */
  dataSensitive?: boolean;
  /**
   * The text of the field's <label> elements, read in the page: every door that reads fields
   * without Chromium's accessible name (page content) still sees what the label says.
   */
  labelText?: string | null;
}

/**
 * Why a field is sensitive, or null. `credential` fields hold secrets (a secretRef may fill
 * them); the others are fields whose identity cannot be confirmed: they are redacted and
 * refused like credentials, but no secret goes into them either.
 */
export interface Sensitivity {
  reason: string;
  credential: boolean;
}

/** Longest accessible name Porthole accepts for a field it types into. */
export const MAX_FIELD_NAME = 256;

const SENSITIVE_AUTOCOMPLETE = new Set([
  "current-password",
  "new-password",
  "one-time-code",
  "cc-number",
  "cc-csc",
  "cc-exp",
  "cc-exp-month",
  "cc-exp-year",
]);

/** Names, ids and labels that mark credentials, in several languages. */
const SENSITIVE_WORDS = new RegExp(
  [
    "pass(word|wd|code|phrase)?",
    "pwd",
    "\\bpin\\b",
    "otp",
    "one[\\s_-]?time",
    "2fa",
    "mfa",
    "totp",
    "verification[\\s_-]?code",
    "security[\\s_-]?code",
    "auth(entication)?[\\s_-]?code",
    "cvc",
    "cvv",
    "csc",
    "card[\\s_-]?(number|no|num)",
    "cc[\\s_-]?(number|num|no)",
    "credit[\\s_-]?card",
    "expir(y|ation)",
    "token",
    "(api|access|secret|private|auth|license|client)[\\s_-]?key",
    "^key$",
    "secret",
    "contrase[nñ]a",
    "mot[\\s_-]de[\\s_-]passe",
    "passwort",
    "kennwort",
    "senha",
    "пароль",
    "密码",
    "口令",
    "验证码",
    "パスワード",
    "暗証",
    "비밀번호",
    "kata[\\s_-]?sandi",
  ].join("|"),
  "i",
);

/** The rule: whether a field is sensitive, and why. */
export function sensitiveField(f: FieldFacts): Sensitivity | null {
  const credential = (reason: string) => ({ reason, credential: true });
  const unconfirmed = (reason: string) => ({ reason, credential: false });
  if (f.dataSensitive) return credential("the page marks it data-sensitive");
  const type = (f.type ?? "").toLowerCase();
  if (type === "password") return credential("it is a password input");
  const tokens = (f.autocomplete ?? "").toLowerCase().split(/\s+/);
  const ac = tokens.find((t) => SENSITIVE_AUTOCOMPLETE.has(t));
  if (ac) return credential(`its autocomplete is ${ac}`);
  for (
    const [what, text] of [
      ["name", f.name],
      ["id", f.id],
      ["label", f.accessibleName],
      ["label", f.labelText],
      ["aria-label", f.ariaLabel],
      ["placeholder", f.placeholder],
    ] as const
  ) {
    if (text && SENSITIVE_WORDS.test(text)) return credential(`its ${what} looks like a credential`);
  }
  if (f.labelledbyUnresolved) return unconfirmed("its aria-labelledby names an element that does not exist");
  if (f.accessibleName === null) return unconfirmed("its accessible name cannot be confirmed");
  // Whichever door reads it: Chromium's name, or the aria-label and labels the page gives.
  const longest = Math.max(...[f.accessibleName, f.ariaLabel, f.labelText].map((t) => (t ?? "").length));
  if (longest > MAX_FIELD_NAME) {
    return unconfirmed(`its accessible name is longer than ${MAX_FIELD_NAME} characters`);
  }
  return null;
}

/** Why a field holds credentials (a secret may fill it), or null. */
export function credentialReason(f: FieldFacts): string | null {
  const s = sensitiveField(f);
  return s?.credential ? s.reason : null;
}

/** Why Porthole refuses to type into this field or show its value, or null when it may. */
export function refuseTyping(f: FieldFacts): string | null {
  return sensitiveField(f)?.reason ?? null;
}
