// deno-lint-ignore-file no-explicit-any -- axe and the DOM live in the page, untyped here
/**
 * A person's browser for the UI tests: its own headless Chromium (apart from the one Porthole
 * drives), a page on Porthole's /ui, and every console error and page error it sees.
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import axeCore from "axe-core";
import { discoverChromium } from "../../lib/driver/discover.ts";

export class UiBrowser implements AsyncDisposable {
  readonly errors: string[] = [];
  private constructor(readonly browser: Browser, readonly page: Page) {
    page.on("console", (m) => {
      // A failed load names its URL only in the location, so it goes into the message.
      const where = m.location()?.url;
      if (m.type() === "error") this.errors.push(`console: ${m.text()}${where ? ` (${where})` : ""}`);
    });
    page.on("pageerror", (e) => this.errors.push(`pageerror: ${(e as Error).message ?? e}`));
  }

  static async open(width = 1440, height = 1000): Promise<UiBrowser> {
    const found = discoverChromium();
    if (!found.path) throw new Error("no Chromium for the UI tests");
    const browser = await puppeteer.launch({
      executablePath: found.path,
      headless: true,
      // The viewer's own throwaway browser; as root Chromium's sandbox needs a user namespace.
      args: ["--no-sandbox", "--disable-gpu", `--window-size=${width},${height}`],
      defaultViewport: { width, height },
    });
    const page = await browser.newPage();
    return new UiBrowser(browser, page);
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: "domcontentloaded" });
  }

  /** Runs axe-core (injected by the test, not shipped in the UI) and returns its serious and critical violations. */
  /**
   * A PNG of the view as it is. It becomes docs/ui-NAME.png, the README's picture, when the run
   * says so (`PORTHOLE_DOCS_SCREENSHOTS=1 deno task test`); other runs write it to a temp file, so
   * a test run leaves the repository as it was.
   */
  async screenshot(name: string): Promise<void> {
    const png = await this.page.screenshot({ type: "png" });
    const docs = Deno.env.get("PORTHOLE_DOCS_SCREENSHOTS") === "1";
    const path = docs
      ? new URL(`../../docs/ui-${name}.png`, import.meta.url)
      : await Deno.makeTempFile({ prefix: `porthole-ui-${name}-`, suffix: ".png" });
    await Deno.writeFile(path, png);
    if (!docs) await Deno.remove(path);
  }

  async axe(): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
    // Under Deno, axe-core's module carries its own browser build as text.
    await this.page.evaluate((axeCore as any).source as string);
    const result: any = await this.page.evaluate(() =>
      (globalThis as any).axe.run((globalThis as any).document)
    );
    return result.violations.filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => n.html),
      }));
  }

  async [Symbol.asyncDispose]() {
    await this.browser.close().catch(() => {});
  }
}
