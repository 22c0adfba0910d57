/**
 * The document-start script that lets an action's settle wait for the page's short timers: a
 * search box that queries 300 ms after the last key, a list that filters 100 ms after typing, a
 * consent box a page shows 100 ms after it loaded. It runs in the page's main world (it must see
 * the page's own `setTimeout` calls) and talks to Porthole's isolated world through DOM events on
 * `window` only:
 *
 * - it counts from the document's start, as if armed by its loading: the settle after a navigation
 *   (and an action's, soon after one) waits for the short timers the loading set;
 * - `porthole:settle-arm` (from SETTLE_ARM, page_lib.ts) starts counting anew, and the document's
 *   first arm first tells of the loading's timers yet to fire, as if they were set now;
 *   `porthole:settle-disarm` stops counting until the next arm;
 * - while armed, each counted timer fires `porthole:timer-set` when it is scheduled and
 *   `porthole:timer-done` once its callback ran (after it, so the callback's mutations come first)
 *   or it was cleared; `porthole:timer-cap` once MAX_FIRED of them fired (a runaway loop, which
 *   the settle reports as never quiet).
 *
 * What counts: a `requestAnimationFrame` callback, and a `setTimeout` with a function and a delay of at
 * most SHORT_MS, scheduled while
 * armed from the input's own tasks or from a counted timer's callback, to a chain of MAX_DEPTH
 * timers and at most MAX_FIRED that fire per arm. Intervals never count, nor anything a tick of
 * an interval or a timer out of bounds schedules, so a poller or a timer loop cannot hold a
 * settle; a loop that reschedules from a promise or an animation frame runs into MAX_FIRED or
 * the budget, which the settle reports as `budget`. A page can forge or hide these events: that
 * only makes its settle wait longer or shorter, within `settleMs`.
 */

/**
 * The longest delay counted: debounces of search boxes and filters are 100 to 300 ms (some 500),
 * a transition's fallback timer its duration plus a little; what waits longer is an auto-hide, an
 * autoplay or a ripple's exit (MUI's is 550 ms), which a fresh observation should not wait for, and
 * would not fit the default budget of 1500 ms twice.
 */
export const SHORT_MS = 500;
/** How long a chain of timers, each scheduled by the one before, is counted. */
export const MAX_DEPTH = 3;
/** How many counted timers may fire within one settle. */
export const MAX_FIRED = 100;

export const TIMER_TRACKER = `(() => {
  const key = Symbol.for("porthole.timers");
  if (window[key]) return;
  Object.defineProperty(window, key, { value: true });
  const SHORT_MS = ${SHORT_MS}, MAX_DEPTH = ${MAX_DEPTH}, MAX_FIRED = ${MAX_FIRED};
  const OUT = MAX_DEPTH + 1;
  const setT = window.setTimeout, clearT = window.clearTimeout, setI = window.setInterval,
    clearI = window.clearInterval;
  const listen = EventTarget.prototype.addEventListener, dispatch = EventTarget.prototype.dispatchEvent;
  const Ev = Event;
  const tell = (type) => dispatch.call(window, new Ev(type));
  // A document counts from its start the short timers its loading sets (\`loading\`): the first arm takes over
  // those yet to fire, so the settle after a navigation waits for them as for an input's.
  let armed = true, loading = true, pending = new Set(), fired = 0;
  // The depth of the timer whose callback runs now (0: none, OUT: one not counted).
  let level = 0;
  const done = (set, id) => {
    if (armed && set === pending && set.delete(id)) tell("porthole:timer-done");
  };
  const define = (name, value) => Object.defineProperty(window, name, { value, writable: true, configurable: true,
    enumerable: true });
  // Schedules \`fn\` (as \`schedule(run)\` does), counted as pending work when \`counted\`: its callback runs at
  // its depth (OUT when not counted), and is done once it ran. Returns the scheduler's id.
  const track = (counted, depth, fn, schedule, keyOf) => {
    const set = pending;
    let key;
    const run = function () {
      const outer = level;
      level = counted ? depth : OUT;
      if (counted && set === pending && ++fired === MAX_FIRED) tell("porthole:timer-cap");
      try {
        return fn.apply(this, arguments);
      } finally {
        level = outer;
        if (counted) done(set, key);
      }
    };
    const id = schedule(run);
    if (counted) {
      key = keyOf(id);
      set.add(key);
      tell("porthole:timer-set");
    }
    return id;
  };
  define("setTimeout", function setTimeout(handler, delay, ...args) {
    if (!armed || typeof handler !== "function") return setT.apply(this, arguments);
    const depth = level + 1;
    const counted = depth <= MAX_DEPTH && fired < MAX_FIRED && !(Number(delay) > SHORT_MS);
    return track(counted, depth, handler, (run) => setT.call(this, run, delay, ...args), (id) => id);
  });
  // Either clears a timeout (the ids are shared): a counted timer that will not fire is done.
  const clear = (name, native) => {
    const fn = function (id) {
      native.apply(this, arguments);
      done(pending, id);
    };
    Object.defineProperty(fn, "name", { value: name });
    define(name, fn);
  };
  clear("clearTimeout", clearT);
  clear("clearInterval", clearI);
  // A tick of an interval schedules nothing that counts: a poller never holds a settle.
  define("setInterval", function setInterval(handler, delay, ...args) {
    if (typeof handler !== "function") return setI.apply(this, arguments);
    const tick = function () {
      const outer = level;
      level = OUT;
      try {
        return handler.apply(this, arguments);
      } finally {
        level = outer;
      }
    };
    return setI.call(this, tick, delay, ...args);
  });
  // An animation frame the input asked for is pending work as a short timer is: a library that renders
  // its change in the next frame has not rendered it yet. Every callback runs wrapped, so that one of
  // a loop begun before the arm (an animation) runs out of count, and what it asks for never counts.
  const rAF = window.requestAnimationFrame, cAF = window.cancelAnimationFrame;
  define("requestAnimationFrame", function requestAnimationFrame(callback) {
    if (typeof callback !== "function") return rAF.apply(this, arguments);
    const depth = level + 1;
    const counted = armed && depth <= MAX_DEPTH && fired < MAX_FIRED;
    return track(counted, depth, callback, (run) => rAF.call(this, run), (id) => "frame " + id);
  });
  define("cancelAnimationFrame", function cancelAnimationFrame(id) {
    cAF.apply(this, arguments);
    done(pending, "frame " + id);
  });
  listen.call(window, "porthole:settle-arm", () => {
    armed = true;
    fired = 0;
    if (!loading) pending = new Set();
    loading = false;
    for (let n = pending.size; n > 0; n--) tell("porthole:timer-set");
  });
  listen.call(window, "porthole:settle-disarm", () => {
    armed = loading = false;
    pending = new Set();
  });
})();`;
