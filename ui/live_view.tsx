/**
 * The live view: a page's screencast frames, read from its SSE stream while this component is
 * shown (the server stops casting when nobody reads). A highlighted ref is outlined from the box
 * the core reported, scaled from CSS pixels to the frame; nothing is injected into the page.
 */
import { useEffect, useState } from "preact/hooks";
import type { RefView } from "./types.ts";

interface Frame {
  src: string;
  deviceWidth: number;
  deviceHeight: number;
}

export function LiveView(
  { sessionId, pageId, highlight }: { sessionId: string; pageId: string; highlight?: RefView | null },
) {
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
  return (
    <figure class="live" data-frames={count}>
      <div class="live-screen">
        {frame
          ? <img class="live-frame" src={frame.src} alt={`Live view of page ${pageId}`} />
          : <p class="muted">{ended ? "The page is gone." : "Waiting for the first frame…"}</p>}
        {box && <div class="ref-outline" style={box} data-ref={highlight!.ref} />}
      </div>
      <figcaption class="muted">
        {ended ? "Stream ended" : `Live · ${count} frames`} · page {pageId}
      </figcaption>
    </figure>
  );
}
