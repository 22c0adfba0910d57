/**
 * The in-page script library every door shares (HTTP act, MCP, BAP observe and agent/observe,
 * the walker): what a field says for the credential rule (policy/sensitive.ts), what an element
 * reports about itself, and the hit test. Run in Porthole's isolated world with `this` bound to
 * the element. Kept as source text: they run in the page, not here.
 */

/** What the DOM says about a field, for the credential rule (FieldFacts without the accessible name). */
export const FIELD_FACTS = `function () {
  const el = this;
  const tag = el.localName;
  const type = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : null;
  const labelledby = el.getAttribute("aria-labelledby");
  const root = el.getRootNode();
  const labelledbyUnresolved = !!labelledby && labelledby.trim().split(/\\s+/).some((id) =>
    !(root.getElementById ? root.getElementById(id) : document.getElementById(id)));
  return {
    tag, type, autocomplete: el.getAttribute("autocomplete"), name: el.getAttribute("name"), id: el.id || null,
    placeholder: el.getAttribute("placeholder"), ariaLabel: el.getAttribute("aria-label"), labelledbyUnresolved,
    dataSensitive: el.hasAttribute("data-sensitive"),
    labelText: el.labels && el.labels.length
      ? [...el.labels].map((l) => l.textContent || "").join(" ").trim().slice(0, 1024) : null,
  };
}`;

/**
 * Whether the click point (frame coordinates) reaches this element or a descendant. A point on
 * a label of this element counts too: a click there activates the element, as for a checkbox
 * drawn by its label over a visually hidden input. With `ignore`, that element and its subtree
 * are looked through: during a drag the node under the pointer is the one being dragged.
 */
export const HIT_TEST = `function (x, y, ignore) {
  const top = (root) => ignore
    ? root.elementsFromPoint(x, y).find((e) => e !== ignore && !ignore.contains(e))
    : root.elementFromPoint(x, y);
  let hit = top(document);
  while (hit && hit.shadowRoot) {
    let inner = top(hit.shadowRoot);
    // Light-DOM text slotted into the shadow tree hits its host; what renders it there is the
    // shadow tree's first element at the point (a <button><slot></slot></button>'s button).
    if (inner === hit) {
      inner = hit.shadowRoot.elementsFromPoint(x, y).find((e) =>
        e.getRootNode() === hit.shadowRoot && (!ignore || (e !== ignore && !ignore.contains(e))));
    }
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return { ok: false, hit: "nothing" };
  // Up the flat tree: a slotted node is inside the element that renders its slot.
  for (let n = hit; n; n = n.assignedSlot || n.parentNode || n.host) {
    if (n === this) return { ok: true };
    if (n.localName === "label" && n.control === this) return { ok: true };
  }
  const label = hit.localName + (hit.id ? "#" + hit.id : "") +
    (typeof hit.className === "string" && hit.className ? "." + hit.className.trim().split(/\\s+/).slice(0, 2).join(".") : "");
  // A cover of the moment: the element takes no pointer events now (as a list's rows while it
  // scrolls), or what covers it is moving (a toast or overlay fading in or out).
  const transient = getComputedStyle(this).pointerEvents === "none" || document.getAnimations().some((a) =>
    a.playState === "running" && a.effect && a.effect.target && a.effect.target.contains(hit));
  return transient ? { ok: false, hit: label, transient: true } : { ok: false, hit: label };
}`;

/**
 * Whether an ancestor's overflow clips this element's centre out of sight: null when none does;
 * "scroll" when the first that does is a box a person scrolls (overflow auto or scroll), so
 * scrolling it shows the element (as below the fold); "hidden" when it hides its overflow (hidden,
 * clip) and no scroll shows it, as a carousel's slides outside its viewport. Only the ancestors
 * that contain the element's box clip it: an absolutely positioned box escapes those between it
 * and its positioned ancestor, a fixed one all but a transformed ancestor. The page's own
 * scrolling box (html, body) is the viewport's, judged apart. A walk passes what it already holds:
 * `cache`, a Map of the ancestors' clipping facts for the whole walk, and the element's box and computed style.
 */
export const CLIP = `function (cache, rect, style) {
  const el = this;
  const r = rect || el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const up = (n) => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
  // What an ancestor's style says of clipping, read once per walk when \`cache\` (a Map) is given: the
  // refs of one list share their ancestors, and nothing in a walk changes a style or a box.
  const facts = (n) => {
    let a = cache && cache.get(n);
    if (a) return a;
    const cs = getComputedStyle(n);
    a = { display: cs.display, position: cs.position, ox: cs.overflowX, oy: cs.overflowY, contains: undefined,
      cs, pad: null };
    if (cache) cache.set(n, a);
    return a;
  };
  const contains = (a) => a.contains !== undefined ? a.contains : (a.contains = a.cs.transform !== "none" ||
    a.cs.filter !== "none" || a.cs.perspective !== "none" || /paint|layout|strict|content/.test(a.cs.contain || ""));
  let pos = (style || getComputedStyle(el)).position;
  for (let n = up(el); n && n !== document.body && n !== document.documentElement; n = up(n)) {
    const a = facts(n);
    // No box of its own (contents), or none whose overflow applies (inline).
    if (a.display === "contents" || a.display === "inline") continue;
    if (pos === "fixed" && !contains(a)) continue;
    if (pos === "absolute" && a.position === "static" && !contains(a)) continue;
    pos = a.position;
    // Overflow visible both ways clips nothing: its box need not be read.
    if (a.ox === "visible" && a.oy === "visible") continue;
    if (!a.pad) {
      const b = n.getBoundingClientRect();
      a.pad = { left: b.left + n.clientLeft, top: b.top + n.clientTop, w: n.clientWidth, h: n.clientHeight };
    }
    const p = a.pad;
    const outX = a.ox !== "visible" && (cx < p.left || cx >= p.left + p.w);
    const outY = a.oy !== "visible" && (cy < p.top || cy >= p.top + p.h);
    if (!outX && !outY) continue;
    const scrolls = (o) => o === "auto" || o === "scroll";
    // A scroll shows only what lies within the box's scrollable extent (never left of or above its start).
    const atX = cx - p.left + n.scrollLeft, atY = cy - p.top + n.scrollTop;
    const inX = !outX || (scrolls(a.ox) && (a.cs.direction === "rtl" || (atX >= 0 && atX < n.scrollWidth)));
    const inY = !outY || (scrolls(a.oy) && atY >= 0 && atY < n.scrollHeight);
    return inX && inY ? "scroll" : "hidden";
  }
  return null;
}`;

/** Whether an element is rendered: a box, not hidden (the same test for every door). */
export const IS_VISIBLE = `function () {
  const el = this;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden" &&
    (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
}`;

/** Requested properties of an element (observe/element); `sensitive` redacts its value. */
export const ELEMENT_PROPS = `function (props, sensitive) {
  const el = this;
  const out = { found: true };
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  for (const p of props) {
    if (p === "visible") out.visible = (${IS_VISIBLE}).call(el);
    else if (p === "enabled") out.enabled = !(el.matches(":disabled") || !!el.closest('[aria-disabled="true"]'));
    else if (p === "checked") {
      if (typeof el.checked === "boolean" && el.localName === "input" && ["checkbox", "radio"].includes(el.type)) out.checked = el.checked;
      else if (el.hasAttribute("aria-checked")) out.checked = el.getAttribute("aria-checked") === "true";
    }
    else if (p === "text") out.text = (el.innerText !== undefined ? el.innerText : el.textContent) || "";
    else if (p === "value") {
      if ("value" in el && typeof el.value === "string") out.value = sensitive ? "[REDACTED]" : el.value;
    }
    else if (p === "boundingBox") {
      if (rect.width > 0 || rect.height > 0) out.boundingBox = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }
    else if (p === "attributes") {
      out.attributes = {};
      for (const a of el.attributes) out.attributes[a.name] = sensitive && a.name === "value" ? "[REDACTED]" : a.value;
    }
    else if (p === "computedStyle") {
      out.computedStyle = {};
      for (let i = 0; i < style.length; i++) out.computedStyle[style[i]] = style.getPropertyValue(style[i]);
    }
  }
  return out;
}`;

/** The elements with ref numbers `ns` of the document whose registry has `token` (null where gone). */
export const ELEMENTS_BY_NUMBER = `function (token, ns) {
  const reg = globalThis.__porthole;
  const ok = reg && reg.doc === document && reg.token === token;
  return ns.map((n) => {
    const ref = ok ? reg.byN.get(n) : undefined;
    const el = ref && ref.deref();
    return el && el.isConnected ? el : null;
  });
}`;

/**
 * What BAP's agent/observe lists of each element of `this` (an array from ELEMENTS_BY_NUMBER),
 * given its core role and name: its facts, its box in viewport pixels, and its selectors, the
 * primary one and the alternatives in the seed's order (testId, role+name, css #id, text, css
 * path). Null for an element that is gone or has no box.
 */
export const DESCRIBE_ELEMENTS = `function (items) {
  const facts = ${FIELD_FACTS};
  const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
  const cssPath = (el) => {
    const steps = [];
    for (let n = el; n && n.nodeType === 1 && n !== document.body && n !== document.documentElement; n = n.parentElement) {
      if (n.id) { steps.unshift("#" + CSS.escape(n.id)); break; }
      let step = n.localName;
      const p = n.parentElement;
      if (p) {
        const same = [...p.children].filter((c) => c.localName === n.localName);
        if (same.length > 1) step += ":nth-of-type(" + (same.indexOf(n) + 1) + ")";
      }
      steps.unshift(step);
    }
    return steps.join(" > ");
  };
  const escId = (id) => id.replace(/[^A-Za-z0-9_-]/g, "\\\\$&");
  return this.map((el, i) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return null;
    const { role, name } = items[i];
    const tag = el.localName;
    const type = tag === "input" ? (el.getAttribute("type") || "text").toLowerCase() : null;
    const testId = el.getAttribute("data-testid") || undefined;
    const ariaLabel = el.getAttribute("aria-label") || undefined;
    const nameAttr = el.getAttribute("name") || undefined;
    const text = norm(tag === "input" && ["button", "submit", "reset"].includes(type) ? el.value : el.textContent);
    const path = cssPath(el);
    const all = [];
    if (testId) all.push({ type: "testId", value: testId });
    if (name && (ariaLabel || role !== tag)) all.push({ type: "role", role, name, exact: true });
    if (el.id) all.push({ type: "css", value: "#" + escId(el.id) });
    if (text && text.length < 50) all.push({ type: "text", value: text, exact: true });
    all.push({ type: "css", value: path });
    let primary;
    if (testId) primary = all[0];
    else if (ariaLabel && name) primary = { type: "role", role, name, exact: true };
    else if (text && text.length < 50) primary = { type: "text", value: text, exact: true };
    else if (el.id) primary = { type: "css", value: "#" + escId(el.id) };
    else if (nameAttr) primary = { type: "css", value: '[name="' + nameAttr.replace(/["\\\\]/g, "\\\\$&") + '"]' };
    else primary = { type: "css", value: path };
    const seen = new Set([JSON.stringify(primary)]);
    const alternatives = all.filter((s) => {
      const k = JSON.stringify(s);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return {
      tagName: tag,
      roleAttr: el.getAttribute("role"),
      type,
      ariaLabel,
      text,
      value: ["input", "textarea", "select"].includes(tag) && typeof el.value === "string" ? el.value : undefined,
      editableAttr: el.hasAttribute("contenteditable"),
      onclick: el.hasAttribute("onclick"),
      focused: document.activeElement === el,
      disabled: el.disabled === true,
      inSelect: tag === "option" && !!el.closest("select"),
      bounds: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) },
      cssPath: path,
      selector: primary,
      alternatives,
      facts: facts.call(el),
    };
  });
}`;

/**
 * Starts counting the document's DOM mutations (with the time of the last one) before an
 * action's input, so the settle after it can tell a render that already followed the action's
 * requests from one still to come. The observer lives in Porthole's world: the page can
 * neither see nor disable it. It also arms the page's timer hook (timers.ts), which from now on
 * tells of each short timer the page sets (`timers.set`) and of each that fired or was cleared
 * (`timers.done`); `stop` disarms both.
 */
export const SETTLE_ARM = `function () {
  const old = globalThis.__portholeSettle;
  if (old) old.stop();
  // The animations already there: those the input starts are the others. (Start times would not
  // tell: a frame's time may precede the arm, and a transition the input started waits for one.)
  const before = new WeakSet(document.getAnimations());
  const s = { seen: 0, last: -1, batches: [], before, timers: { set: 0, done: 0, capped: false }, requests: 0 };
  s.mo = new MutationObserver((records) => {
    s.seen += records.length;
    s.last = performance.now();
    // When each of the latest batches came (a task's mutations arrive as one).
    if (s.batches.push(s.last) > 32) s.batches.shift();
    if (s.wake) s.wake();
  });
  s.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const onSet = () => { s.timers.set++; };
  const onDone = () => {
    s.timers.done++;
    if (s.timers.done >= s.timers.set && s.timersDone) s.timersDone();
  };
  // As many short timers fired as one settle counts: a runaway timer loop, never quiet.
  const onCap = () => {
    s.timers.capped = true;
    if (s.timersDone) s.timersDone();
  };
  // When the page's fetch and XHR requests ended (responseEnd), from the arm on: read from the settle's own
  // observer, not the page's resource timing buffer, which holds 250 entries by default (a page of more
  // resources has it full) and which the page may shrink or clear.
  s.ended = -1;
  const noteEnds = (entries) => {
    for (const e of entries) {
      if (e.initiatorType === "fetch" || e.initiatorType === "xmlhttprequest") s.ended = Math.max(s.ended, e.responseEnd);
    }
  };
  try {
    s.po = new PerformanceObserver((list) => noteEnds(list.getEntries()));
    s.po.observe({ type: "resource" });
  } catch {
    s.po = null;
  }
  // The latest end known now, with the entries queued for the observer but not yet delivered.
  s.requestsEnded = () => {
    if (s.po) noteEnds(s.po.takeRecords());
    return s.ended;
  };
  const onRequest = () => { s.requests++; };
  addEventListener("porthole:request", onRequest);
  addEventListener("porthole:timer-set", onSet);
  addEventListener("porthole:timer-done", onDone);
  addEventListener("porthole:timer-cap", onCap);
  s.stop = () => {
    s.mo.disconnect();
    if (s.po) s.po.disconnect();
    removeEventListener("porthole:request", onRequest);
    removeEventListener("porthole:timer-set", onSet);
    removeEventListener("porthole:timer-done", onDone);
    removeEventListener("porthole:timer-cap", onCap);
    dispatchEvent(new Event("porthole:settle-disarm"));
  };
  globalThis.__portholeSettle = s;
  dispatchEvent(new Event("porthole:settle-arm"));
}`;

/**
 * Stops the observer SETTLE_ARM started (after an early MUTATION_QUIET answer that was kept). The
 * walker runs it first: the fresh observation that follows a settle stops its observer.
 */
export const SETTLE_DISARM = `function () {
  const s = globalThis.__portholeSettle;
  if (s) { s.stop(); delete globalThis.__portholeSettle; }
}`;

/** How long the DOM must stay unchanged after a mutation (and one task turn): MUTATION_QUIET's `afterMs`. */
export const QUIET_AFTER_MS = 4;

/**
 * Resolves once the DOM is quiet, or with `quiet: false` after `maxMs`. Without requests
 * (`requested` false): one task turn without a mutation (timers already due, e.g. a handler's
 * \`setTimeout(…, 0)\`). After requests: once a mutation later than the end of the last
 * fetch/XHR was seen, a task turn without another when that render is one batch of mutations
 * (as after a synchronous handler), else `afterMs` and one task turn without another; until
 * then, at most `waitMs` for that render to begin. A quiet DOM whose CSS transitions or animations began
 * after the input waits for those that end within `maxMs` (a modal's fade, whose end shows the dialog) and
 * looks again; endless or longer ones are not waited for, so a spinner never holds the settle. The short
 * timers the page set since the arm (timers.ts) are pending work, as a request is: until the last has fired
 * (or was cleared), the DOM is not quiet, and the mutations their callbacks make are waited for as any
 * other. Disarms the observer when it resolves, unless `keep`: an early answer may be set aside, and the
 * wait that follows must still see every mutation. Answers with the number of short timers set since the arm.
 */
export const MUTATION_QUIET = `function (requested, waitMs, afterMs, maxMs, keep) {
  if (!globalThis.__portholeSettle) (${SETTLE_ARM})();
  const s = globalThis.__portholeSettle;
  const start = performance.now();
  let ended = -1;
  if (requested) {
    // When the last request ended, as the settle's observer saw it since the arm. Unknown (an observer armed
    // by this call): only what comes after this call is known to follow the requests.
    const last = s.requestsEnded ? s.requestsEnded() : -1;
    ended = last >= 0 ? last : start;
  }
  const base = s.seen;
  // After requests, the render that followed them came in one batch: no need to sit out afterMs.
  const oneRender = () => requested && s.batches.filter((t) => t > ended).length === 1;
  // Transitions and animations the input started that end within the budget.
  const animating = () => {
    const now = performance.now();
    return document.getAnimations().filter((a) => {
      // A transition the input started may still be pending (no start time until the next frame).
      if (a.playState !== "running" || !a.effect || s.before.has(a)) return false;
      const t = a.effect.getComputedTiming();
      if (!Number.isFinite(t.endTime)) return false;
      const left = (t.endTime - (t.localTime || 0)) / Math.abs(a.playbackRate || 1);
      return now + left <= start + maxMs;
    });
  };
  return new Promise((resolve) => {
    let timer = 0;
    let checked = -1;
    let settled = false;
    const quietNow = () => {
      const running = animating();
      if (!running.length) return done(true);
      clearTimeout(timer);
      checked = -1;
      Promise.all(running.map((a) => a.finished.catch(() => {}))).then(() => {
        if (!settled) timer = setTimeout(check, 0);
      });
      timer = setTimeout(check, Math.max(0, start + maxMs - performance.now()));
    };
    const done = (quiet) => {
      settled = true;
      clearTimeout(timer);
      if (s.wake === wake) s.wake = null;
      if (s.timersDone === timersDone) s.timersDone = null;
      if (!keep) {
        s.stop();
        if (globalThis.__portholeSettle === s) delete globalThis.__portholeSettle;
      }
      resolve({ quiet, mutations: s.seen - base, timers: s.timers.set });
    };
    const check = () => {
      const now = performance.now();
      if (s.timers.capped) return done(false);
      if (s.timers.done < s.timers.set) {
        // A short timer is still to fire: timersDone looks again once the last one did.
        if (now - start >= maxMs) return done(false);
        checked = -1;
        clearTimeout(timer);
        timer = setTimeout(check, start + maxMs - now);
        return;
      }
      const followed = requested ? s.last > ended : s.seen > base;
      if (!followed && now - start >= (requested ? waitMs : 0)) return quietNow();
      if (followed && s.seen === checked && (oneRender() || now - s.last >= afterMs)) return quietNow();
      if (now - start >= maxMs) return done(false);
      checked = followed ? s.seen : -1;
      const until = followed ? (oneRender() ? now : s.last + afterMs) : start + waitMs;
      clearTimeout(timer);
      timer = setTimeout(check, Math.max(0, Math.min(until - now, start + maxMs - now)));
    };
    // The render came: no need to sit out the rest of waitMs.
    const wake = () => {
      if (checked !== -1) return;
      clearTimeout(timer);
      timer = setTimeout(check, oneRender() ? 0 : afterMs);
    };
    // The last short timer fired: its callback's mutations are in, look again in the next task.
    const timersDone = () => {
      if (settled) return;
      clearTimeout(timer);
      timer = setTimeout(check, 0);
    };
    s.wake = wake;
    s.timersDone = timersDone;
    timer = setTimeout(check, 0);
  });
}`;

/**
 * Arms a watch over the document under `id`, in Porthole's world (the page can neither see nor
 * disarm it): it trips on the first DOM mutation anywhere in the document or its open shadow
 * roots, and on the events that change what an observation shows without one (a typed value, a
 * focus move, a scroll, a resize, a same-document navigation); WATCH_INTACT also compares the
 * fields' values and checkedness, which a script may set with neither. A tripped watch stops itself, so
 * it costs the page nothing after the first change.
 */
export const WATCH_ARM = `function (id) {
  const old = globalThis.__portholeWatch;
  if (old) old.stop();
  const EVENTS = ["input", "change", "focusin", "focusout", "scroll", "resize", "toggle", "hashchange",
    "popstate", "pageshow", "pagehide"];
  const w = { id, doc: document, tripped: false, x: scrollX, y: scrollY, width: innerWidth, height: innerHeight };
  const trip = () => { w.tripped = true; w.stop(); };
  const mo = new MutationObserver(trip);
  const opts = { subtree: true, childList: true, attributes: true, characterData: true };
  mo.observe(document, opts);
  // A script may set a field's value or checkedness without a mutation or an event: kept to compare.
  w.fields = [];
  const roots = (node) => {
    for (const el of node.querySelectorAll("*")) {
      if (el.shadowRoot) { mo.observe(el.shadowRoot, opts); roots(el.shadowRoot); }
      const t = el.localName;
      if (t === "input" || t === "textarea" || t === "select") w.fields.push([el, el.value, el.checked, el.indeterminate]);
    }
  };
  roots(document);
  for (const e of EVENTS) addEventListener(e, trip, true);
  w.stop = () => { mo.disconnect(); for (const e of EVENTS) removeEventListener(e, trip, true); };
  globalThis.__portholeWatch = w;
}`;

/** Whether the watch `id` armed in this document is still untripped (and the viewport where it was). */
export const WATCH_INTACT = `function (id) {
  const w = globalThis.__portholeWatch;
  return !!w && w.id === id && w.doc === document && !w.tripped && w.x === scrollX && w.y === scrollY &&
    w.width === innerWidth && w.height === innerHeight &&
    w.fields.every(([el, value, checked, mixed]) => el.value === value && el.checked === checked &&
      el.indeterminate === mixed);
}`;
