/**
 * The live view: a page's screencast frames, read from its SSE stream while this component is
 * shown (the server stops casting when nobody reads). A highlighted ref is outlined from the box
 * the core reported, scaled from CSS pixels to the frame; nothing is injected into the page.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { RefView } from "./types.ts";
import type { InputEvent } from "./takeover.ts";
import { keyEvent, mouseEvent, wheelEvent } from "./frame_input.ts";

interface Frame {
  src: string;
  deviceWidth: number;
  deviceHeight: number;
}

export function LiveView(
  { sessionId, pageId, highlight, control }: {
    sessionId: string;
    pageId: string;
    highlight?: RefView | null;
    /** While this browser holds the session: where the person's input on the frame goes. */
    control?: ((ev: InputEvent) => void) | null;
  },
) {
  const img = useRef<HTMLImageElement>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [count, setCount] = useState(0);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setFrame(null);
    setEnded(false);
    const url = `/v1/sessions/${encodeURIComponent(sessionId)}/pages/${
      encodeURIComponent(pageId)
    }/screencast`;
    const source = new EventSource(url, { withCredentials: true });
    source.addEventListener("frame", (e) => {
      const f = JSON.parse((e as MessageEvent).data);
      setFrame({
        src: `data:image/jpeg;base64,${f.data}`,
        deviceWidth: f.deviceWidth,
        deviceHeight: f.deviceHeight,
      });
      setCount((n) => n + 1);
    });
    source.addEventListener("end", () => {
      setEnded(true);
      source.close();
    });
    return () => source.close();
  }, [sessionId, pageId]);

  const box = highlight?.bounds && frame
    ? {
      left: `${(highlight.bounds.x / frame.deviceWidth) * 100}%`,
      top: `${(highlight.bounds.y / frame.deviceHeight) * 100}%`,
      width: `${(highlight.bounds.width / frame.deviceWidth) * 100}%`,
      height: `${(highlight.bounds.height / frame.deviceHeight) * 100}%`,
    }
    : null;
  const on = control && frame && img.current ? { send: control, img: img.current, frame } : null;
  const pointer = (action: "down" | "up" | "move") => (e: MouseEvent) => {
    if (!on) return;
    e.preventDefault();
    if (action === "down") (e.currentTarget as HTMLElement).focus();
    const ev = mouseEvent(action, e, on.img, on.frame);
    if (ev) on.send(ev);
  };
  const key = (action: "down" | "up") => (e: KeyboardEvent) => {
    if (!on) return;
    const ev = keyEvent(action, e);
    if (!ev) return;
    e.preventDefault();
    on.send(ev);
  };
  const controlled = control
    ? {
      tabIndex: 0,
      role: "application" as const,
      "aria-label": `Page ${pageId} under your control: pointer and keys go to the page`,
      onMouseDown: pointer("down"),
      onMouseUp: pointer("up"),
      onMouseMove: pointer("move"),
      onContextMenu: (e: Event) => e.preventDefault(),
      onWheel: (e: WheelEvent) => {
        if (!on) return;
        e.preventDefault();
        on.send(wheelEvent(e, on.img, on.frame));
      },
      onKeyDown: key("down"),
      onKeyUp: key("up"),
    }
    : {};
  return (
    <figure class="live" data-frames={count}>
      <div class={control ? "live-screen controlled" : "live-screen"} {...controlled}>
        {frame
          ? (
            <img
              ref={img}
              class="live-frame"
              src={frame.src}
              alt={`Live view of page ${pageId}`}
              draggable={false}
            />
          )
          : <p class="muted">{ended ? "The page is gone." : "Waiting for the first frame…"}</p>}
        {box && <div class="ref-outline" style={box} data-ref={highlight!.ref} />}
      </div>
      <figcaption class="muted">
        {ended ? "Stream ended" : `Live · ${count} frames`} · page {pageId}
      </figcaption>
    </figure>
  );
}
