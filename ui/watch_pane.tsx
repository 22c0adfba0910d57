/** A page's live view beside the agent's latest observation; hovering a ref outlines it on the frame. */
import { useState } from "preact/hooks";
import { LiveView } from "./live_view.tsx";
import { ObservationPanel } from "./observation_panel.tsx";
import type { RefView } from "./types.ts";
import type { InputEvent } from "./takeover.ts";

export function WatchPane(
  { sessionId, pageId, version, wide = false, control }: {
    sessionId: string;
    pageId: string | null;
    version: number;
    /** Frame and observation side by side (the Live view), rather than stacked. */
    wide?: boolean;
    control?: ((ev: InputEvent) => void) | null;
  },
) {
  const [highlight, setHighlight] = useState<RefView | null>(null);
  return (
    <div class={wide ? "watch wide" : "watch"}>
      {pageId
        ? <LiveView sessionId={sessionId} pageId={pageId} highlight={highlight} control={control} />
        : <p class="empty">This session has no page yet.</p>}
      <ObservationPanel sessionId={sessionId} version={version} onHighlight={setHighlight} />
    </div>
  );
}
