/**
 * The document-start script that records which elements got click-like (or drag-and-drop)
 * listeners, so the walker can give them refs without one CDP call per node. It runs in the page's main world
 * (it must see the page's own `addEventListener` calls) and hands its list to the walker's
 * isolated world through DOM events only: on `porthole:collect` it answers `porthole:hello`
 * and fires a non-bubbling `porthole:mark` at each recorded element that is still connected.
 * A page can forge marks, which only adds refs; it cannot hide or change what the walker reads.
 */
export const LISTENER_RECORDER = `(() => {
  const key = Symbol.for("porthole.listeners");
  if (window[key]) return;
  Object.defineProperty(window, key, { value: true });
  const types = new Set(["click", "dblclick", "mousedown", "mouseup", "pointerdown", "pointerup", "dragstart", "drop",
    "dragover"]);
  const seen = new WeakSet();
  const recorded = [];
  const original = EventTarget.prototype.addEventListener;
  const Elem = Element;
  const record = function addEventListener(type, listener, options) {
    if (types.has(type) && this instanceof Elem && !seen.has(this)) {
      seen.add(this);
      recorded.push(new WeakRef(this));
    }
    return original.call(this, type, listener, options);
  };
  Object.defineProperty(EventTarget.prototype, "addEventListener", { value: record, writable: true, configurable: true });
  original.call(window, "porthole:collect", () => {
    window.dispatchEvent(new Event("porthole:hello"));
    for (const ref of recorded) {
      const el = ref.deref();
      if (el && el.isConnected) el.dispatchEvent(new Event("porthole:mark", { composed: true }));
    }
  });
})();`;
