/** In-page functions that draw numbered boxes over a page for one screenshot, and take them away. */

/**
 * Draw Set-of-Marks boxes and badges in a closed shadow root over the page (removed by UNDRAW).
 * With `style.page` the marks are in document coordinates (they stay on a full-page capture);
 * `style.fill` fills each box; a mark without a label has no badge.
 */
export const DRAW = `function (marks, style) {
  const host = document.createElement("div");
  const pos = style.page ? "absolute" : "fixed";
  host.style.cssText = (style.page
    ? "position:absolute;left:0;top:0;right:auto;bottom:auto;width:0;height:0;margin:0;padding:0;border:0;background:none;overflow:visible"
    : "position:fixed;inset:0") +
    ";pointer-events:none;z-index:2147483647;opacity:" + style.opacity;
  const root = host.attachShadow({ mode: "closed" });
  for (const m of marks) {
    if (style.showBox) {
      const box = document.createElement("div");
      box.style.cssText = "position:" + pos + ";box-sizing:border-box;left:" + m.x + "px;top:" + m.y + "px;width:" + m.w +
        "px;height:" + m.h + "px;border:" + style.boxWidth + "px " + style.boxStyle + " " + style.boxColor +
        (style.fill ? ";background:" + style.fill : "");
      root.appendChild(box);
    }
    if (!m.label) continue;
    const badge = document.createElement("div");
    badge.textContent = m.label;
    badge.style.cssText = "position:fixed;left:" + m.bx + "px;top:" + Math.max(0, m.by) + "px;min-width:" + style.size +
      "px;height:" + style.size + "px;line-height:" + style.size + "px;padding:0 3px;box-sizing:border-box;text-align:center;" +
      "background:" + style.badgeColor + ";color:" + style.textColor + ";font:" + style.font + ";white-space:nowrap";
    root.appendChild(badge);
  }
  document.documentElement.appendChild(host);
  if (style.page) {
    // In the top layer, above an open modal dialog, whose contents are covered too.
    try {
      host.popover = "manual";
      host.showPopover();
    } catch (_) {}
    // A positioned root element moves the host's origin: put it back on the document's.
    const o = host.getBoundingClientRect();
    host.style.left = -(o.left + scrollX) + "px";
    host.style.top = -(o.top + scrollY) + "px";
  }
  globalThis.__portholeOverlay = host;
  return true;
}`;

export const UNDRAW = `function () {
  if (globalThis.__portholeOverlay) globalThis.__portholeOverlay.remove();
  globalThis.__portholeOverlay = undefined;
}`;
