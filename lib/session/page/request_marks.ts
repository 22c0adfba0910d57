/**
 * The document-start script that tells an action's settle of the requests the page begins: each
 * `fetch`, `XMLHttpRequest.send` and navigation to another document (a link, a form: the Navigation
 * API's `navigate` with a destination in another document) fires `porthole:request` on `window`
 * while a settle is armed (`porthole:settle-arm` to `porthole:settle-disarm`, as
 * snapshot/timers.ts counts timers). The settle's observer counts them (SETTLE_ARM, page_lib.ts),
 * and a quiet check that keeps its observer walks the page in the same call only when there were
 * none (the walker's `quietFirst`): the wait for the request follows, and its observer must see
 * the render. When the requests end is still what the browser's own network events say; a page
 * that forges or hides these events only changes which of the two calls walks it.
 */
export const REQUEST_MARKER = `(() => {
  const key = Symbol.for("porthole.requests");
  if (window[key]) return;
  Object.defineProperty(window, key, { value: true });
  const listen = EventTarget.prototype.addEventListener, dispatch = EventTarget.prototype.dispatchEvent;
  const Ev = Event;
  let armed = false;
  const tell = () => {
    if (armed) dispatch.call(window, new Ev("porthole:request"));
  };
  const fetchN = window.fetch;
  if (typeof fetchN === "function") {
    Object.defineProperty(window, "fetch", { value: function fetch() {
      tell();
      return fetchN.apply(this, arguments);
    }, writable: true, configurable: true, enumerable: true });
  }
  const XHR = window.XMLHttpRequest && window.XMLHttpRequest.prototype;
  const sendN = XHR && XHR.send;
  if (typeof sendN === "function") {
    Object.defineProperty(XHR, "send", { value: function send() {
      tell();
      return sendN.apply(this, arguments);
    }, writable: true, configurable: true, enumerable: true });
  }
  const nav = window.navigation;
  if (nav && typeof nav.addEventListener === "function") {
    listen.call(nav, "navigate", (e) => {
      if (!(e.destination && e.destination.sameDocument)) tell();
    });
  }
  listen.call(window, "porthole:settle-arm", () => { armed = true; });
  listen.call(window, "porthole:settle-disarm", () => { armed = false; });
})();`;
