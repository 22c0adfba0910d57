/** In-page functions that draw numbered boxes over a page for one screenshot, and take them away. */

/** Draw Set-of-Marks boxes and badges in a closed shadow root over the page (removed by UNDRAW). */
export const DRAW = `function (marks, style) {
  const host = document.createElement("div");
  host.style.cssText = "position:fixed;inset:0;pointer-events:none;z-index:2147483647;opacity:" + style.opacity;
  const root = host.attachShadow({ mode: "closed" });
  for (const m of marks) {
    if (style.showBox) {
      const box = document.createElement("div");
      box.style.cssText = "position:fixed;box-sizing:border-box;left:" + m.x + "px;top:" + m.y + "px;width:" + m.w +
        "px;height:" + m.h + "px;border:" + style.boxWidth + "px " + style.boxStyle + " " + style.boxColor;
      root.appendChild(box);
    }
    const badge = document.createElement("div");
    badge.textContent = m.label;
    badge.style.cssText = "position:fixed;left:" + m.bx + "px;top:" + Math.max(0, m.by) + "px;min-width:" + style.size +
      "px;height:" + style.size + "px;line-height:" + style.size + "px;padding:0 3px;box-sizing:border-box;text-align:center;" +
      "background:" + style.badgeColor + ";color:" + style.textColor + ";font:" + style.font + ";white-space:nowrap";
    root.appendChild(badge);
  }
  document.documentElement.appendChild(host);
  globalThis.__portholeOverlay = host;
  return true;
}`;

export const UNDRAW = `function () {
  if (globalThis.__portholeOverlay) globalThis.__portholeOverlay.remove();
  globalThis.__portholeOverlay = undefined;
}`;
