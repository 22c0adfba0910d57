/**
 * The 10-field profile form of the benchmark: the page, each iteration's values, Porthole's
 * `fill_form` (one act by ref over HTTP, fresh state included) and the raw CDP floor beside it
 * (one `Runtime.evaluate` per field that sets its value and fires input and change, then one
 * `Accessibility.getFullAXTree`). Every fill is verified on the page itself, outside the timing.
 */
import type { ContextLease } from "../lib/driver/pool.ts";
import type { Observation } from "../lib/protocol/types.ts";

export const FORM_PAGE = `<!doctype html><html lang="en"><title>Profile</title>
<h1>Profile</h1>
<form>
<label>First name <input id="first"></label>
<label>Last name <input id="last"></label>
<label>Email <input id="email" type="email"></label>
<label>Phone <input id="phone" type="tel"></label>
<label>Birthday <input id="born" type="date"></label>
<label>City <input id="city"></label>
<label>Country <select id="country"><option value="">Choose</option><option value="fr">France</option><option value="jp">Japan</option></select></label>
<label>Bio <textarea id="bio"></textarea></label>
<label>Newsletter <input id="news" type="checkbox"></label>
<label>Terms <input id="terms" type="checkbox"></label>
</form>`;

/** Label → element id and kind, in the order the fields are filled. */
const FIELDS = [
  ["First name", "first", "text"],
  ["Last name", "last", "text"],
  ["Email", "email", "text"],
  ["Phone", "phone", "text"],
  ["Birthday", "born", "text"],
  ["City", "city", "text"],
  ["Country", "country", "select"],
  ["Bio", "bio", "text"],
  ["Newsletter", "news", "check"],
  ["Terms", "terms", "check"],
] as const;

/** What each field holds after iteration `i` (different every time, so every fill changes the page). */
export function formValues(i: number): (string | boolean)[] {
  return [
    `Ada${i}`,
    `Lovelace${i}`,
    `ada${i}@example.org`,
    `555-${1000 + i}`,
    `1990-01-${String(1 + i % 28).padStart(2, "0")}`,
    `City ${i}`,
    i % 2 ? "Japan" : "France",
    `Line one ${i}\nLine two`,
    i % 2 === 0,
    i % 2 === 1,
  ];
}

/** The page's own values, as `formValues` gives them (select by label), read in the page. */
export const READ_FORM = `(() => [${
  FIELDS.map(([, id, kind]) =>
    kind === "check"
      ? `document.getElementById("${id}").checked`
      : kind === "select"
      ? `document.getElementById("${id}").selectedOptions[0].label`
      : `document.getElementById("${id}").value`
  ).join(", ")
}])()`;

/** The refs of the form's fields in an observation, in fill order. */
export function formRefs(state: Observation): string[] {
  return FIELDS.map(([label]) => {
    const line = state.tree.split("\n").find((l) => l.includes(` "${label}"`) && l.includes("[ref="));
    const ref = line?.match(/\[ref=(@[^\]]+)\]/)?.[1];
    if (!ref) throw new Error(`No ref for "${label}" in the tree:\n${state.tree}`);
    return ref;
  });
}

type Page = Awaited<ReturnType<ContextLease["context"]["newPage"]>>;
type Cdp = Awaited<ReturnType<Page["createCDPSession"]>>;

/** The floor: the same form filled over a bare CDP session. */
export class FormFloor {
  readonly #page: Page;
  readonly #cdp: Cdp;

  private constructor(page: Page, cdp: Cdp) {
    this.#page = page;
    this.#cdp = cdp;
  }

  static async open(lease: ContextLease, url: string): Promise<FormFloor> {
    const page = await lease.context.newPage();
    const cdp = await page.createCDPSession();
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 20_000 });
    return new FormFloor(page, cdp);
  }

  /** Fill every field with iteration `i`'s values, then read the AX tree; returns ms. */
  async fill(i: number): Promise<number> {
    const values = formValues(i);
    const t0 = performance.now();
    for (const [k, [, id, kind]] of FIELDS.entries()) {
      const v = JSON.stringify(values[k]);
      const set = kind === "check"
        ? `el.checked = ${v}`
        : kind === "select"
        ? `el.value = [...el.options].find((o) => o.label === ${v}).value`
        : `el.value = ${v}`;
      await this.#cdp.send("Runtime.evaluate", {
        expression: `(() => { const el = document.getElementById("${id}"); ${set};
          el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); })()`,
      });
    }
    await this.#cdp.send("Accessibility.getFullAXTree", {});
    return performance.now() - t0;
  }

  async read(): Promise<unknown> {
    const { result } = await this.#cdp.send("Runtime.evaluate", {
      expression: READ_FORM,
      returnByValue: true,
    });
    return result.value;
  }

  async close(): Promise<void> {
    await this.#cdp.detach().catch(() => {});
    await this.#page.close({ runBeforeUnload: false }).catch(() => {});
  }
}
