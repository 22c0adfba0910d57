/**
 * `scroll`: a node into view, or the page or a node by deltaX/deltaY. A delta scrolls the node
 * itself when it scrolls, else its nearest ancestor that does, else the frame's document, and
 * the page's scroll listeners run before the fresh observation is taken. A delta counted in
 * pages is that many of the scrolled box's visible width or height (the viewport's, for the
 * document, scrollbars excluded).
 */
import type { FrameInfo } from "../../driver/page_driver.ts";
import type { Point } from "./pointer.ts";
import type { Preflight } from "./preflight.ts";
import type { Plan } from "./params.ts";
import type { PageRecord } from "../core/page_record.ts";

/**
 * Scroll `this` (a node, or the document) by dx/dy (in pages when `pages`), then wait one animation frame (at most
 * 100 ms, for a page that renders no frames) so the page's scroll events are dispatched.
 */
const SCROLL_BY = `function (dx, dy, pages) {
  const doc = this.nodeType === 9 ? this : this.ownerDocument;
  const page = doc.scrollingElement || doc.documentElement;
  const scrolls = (n) => {
    if (n === page) return true;
    const s = getComputedStyle(n);
    const can = (overflow, size, client) => /auto|scroll|overlay/.test(overflow) && size > client;
    return (dx !== 0 && can(s.overflowX, n.scrollWidth, n.clientWidth)) ||
      (dy !== 0 && can(s.overflowY, n.scrollHeight, n.clientHeight));
  };
  let target = this.nodeType === 9 ? page : this;
  while (target && target.nodeType === 1 && !scrolls(target)) {
    target = target.parentElement || (target.parentNode && target.parentNode.host) || null;
  }
  if (!target || target.nodeType !== 1) target = page;
  if (pages) {
    dx *= target.clientWidth;
    dy *= target.clientHeight;
  }
  target.scrollBy({ left: dx, top: dy, behavior: "instant" });
  return new Promise((resolve) => {
    const done = () => resolve(true);
    requestAnimationFrame(done);
    setTimeout(done, 100);
  });
}`;

export async function scrollAction(
  rec: PageRecord,
  frame: FrameInfo,
  plan: Plan,
  ctx: Preflight,
  signal: AbortSignal,
): Promise<void> {
  const driver = rec.driver;
  const delta: Point | undefined = plan.delta;
  if (!delta) {
    await driver.send("DOM.scrollIntoViewIfNeeded", { objectId: ctx.objectId }, signal);
    return;
  }
  const pages = !!plan.byPage;
  if (ctx.objectId) await driver.callOn(ctx.objectId, SCROLL_BY, [delta.x, delta.y, pages], signal);
  else {await driver.evaluate(
      frame,
      `(${SCROLL_BY}).call(document, ${delta.x}, ${delta.y}, ${pages})`,
      signal,
    );}
}
