/**
 * The document-start script that records which elements got click-like (or drag-and-drop)
 * listeners, so the walker can give them refs without one CDP call per node. It runs in the page's main world
 * (it must see the page's own `addEventListener` calls) and hands its list to the walker's
 * isolated world through DOM events only: on `porthole:collect` it answers `porthole:hello`
 * and fires a non-bubbling `porthole:mark` at each recorded element that is still connected.
 * A page can forge marks, which only adds refs; it cannot hide or change what the walker reads.
 *
 * An element that listens to a great many kinds of events is an event-delegation root (React
 * listens for every event it knows on the app's root element and dispatches to the component
 * under the pointer): its click listener belongs to its descendants, so it is not marked.
 */
export const LISTENER_RECORDER = `(() => {
  const key = Symbol.for("porthole.listeners");
  if (window[key]) return;
  Object.defineProperty(window, key, { value: true });
  const types = new Set(["click", "dblclick", "mousedown", "mouseup", "pointerdown", "pointerup", "dragstart", "drop",
    "dragover"]);
  // More kinds of events than any one control listens to: a root that delegates them all.
  const DELEGATION_KINDS = 30;
  const kinds = new WeakMap();
  const recorded = [];
  const original = EventTarget.prototype.addEventListener;
  const Elem = Element;
  const record = function addEventListener(type, listener, options) {
    if (this instanceof Elem) {
      let k = kinds.get(this);
      if (!k) {
        k = { types: new Set(), clicky: false };
        kinds.set(this, k);
      }
      if (k.types.size <= DELEGATION_KINDS) k.types.add(type);
      if (types.has(type) && !k.clicky) {
        k.clicky = true;
        recorded.push(new WeakRef(this));
      }
    }
    return original.call(this, type, listener, options);
  };
  Object.defineProperty(EventTarget.prototype, "addEventListener", { value: record, writable: true, configurable: true });
  original.call(window, "porthole:collect", () => {
    window.dispatchEvent(new Event("porthole:hello"));
    for (const ref of recorded) {
      const el = ref.deref();
      if (!el || !el.isConnected || kinds.get(el).types.size > DELEGATION_KINDS) continue;
      el.dispatchEvent(new Event("porthole:mark", { composed: true }));
    }
  });
})();`;
