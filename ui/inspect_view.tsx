/**
 * Inspect: a page's console, page errors and network (the bounded rings, read with the inspect
 * operation) and the session's artifacts as a gallery. Page text is shown as text only.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.ts";
import type { Artifact } from "./types.ts";

type Kind = "console" | "errors" | "network";
type Entry = Record<string, string | number | null | undefined>;

const COLUMNS: Record<Kind, string[]> = {
  console: ["time", "level", "text", "url"],
  errors: ["time", "message", "url"],
  network: ["method", "status", "resourceType", "url"],
};

function Ring(
  { sessionId, pageId, kind, tick }: { sessionId: string; pageId: string; kind: Kind; tick: number },
) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ entries: Entry[] }>("POST", `/v1/sessions/${encodeURIComponent(sessionId)}/inspect`, {
      pageId,
      kind,
      limit: 100,
    })
      .then((r) => (setEntries(r.entries), setError(null)))
      .catch((e) => setError((e as Error).message));
  }, [sessionId, pageId, kind, tick]);
  const cols = COLUMNS[kind];
  return (
    <section class="ring" aria-labelledby={`ring-${kind}`}>
      <h3 id={`ring-${kind}`}>
        {kind === "errors" ? "Page errors" : kind === "console" ? "Console" : "Network"}
      </h3>
      {error && <p class="error" role="alert">{error}</p>}
      {entries === null && !error && (
        <p class="muted">Reading… (inspect waits its turn behind the session's running operation)</p>
      )}
      {entries?.length === 0 && <p class="empty">No entries.</p>}
      {entries && entries.length > 0 && (
        <table>
          <thead>
            <tr>{cols.map((c) => <th scope="col" key={c}>{c}</th>)}</tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={String(e.seq)}>
                {cols.map((c) => <td key={c}>{e[c] === undefined || e[c] === null ? "" : String(e[c])}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Gallery({ sessionId, tick }: { sessionId: string; tick: number }) {
  const [items, setItems] = useState<Artifact[]>([]);
  useEffect(() => {
    api<{ artifacts: Artifact[] }>("GET", `/v1/sessions/${encodeURIComponent(sessionId)}/artifacts`)
      .then((r) => setItems(r.artifacts))
      .catch(() => setItems([]));
  }, [sessionId, tick]);
  return (
    <section aria-labelledby="gallery-title">
      <h3 id="gallery-title">Artifacts</h3>
      {items.length === 0 && <p class="empty">No artifacts yet.</p>}
      <ul class="gallery">
        {items.map((a) => (
          <li key={a.id}>
            <a href={a.href} target="_blank" rel="noopener noreferrer">
              {a.mimeType.startsWith("image/")
                ? <img src={a.href} alt={`Artifact ${a.id.slice(0, 12)} (${a.mimeType})`} loading="lazy" />
                : <span class="file">{a.mimeType}</span>}
              <span class="muted">{a.id.slice(0, 12)} · {Math.ceil(a.bytes / 1024)} KiB</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InspectView({ sessionId, pageId }: { sessionId: string; pageId: string | null }) {
  const [tick, setTick] = useState(0);
  return (
    <section aria-labelledby="inspect-title" class="inspect">
      <h2 id="inspect-title">Inspect</h2>
      <button type="button" onClick={() => setTick((t) => t + 1)}>Refresh</button>
      {pageId
        ? (["console", "errors", "network"] as Kind[]).map((k) => (
          <Ring key={k} sessionId={sessionId} pageId={pageId} kind={k} tick={tick} />
        ))
        : <p class="empty">This session has no page yet.</p>}
      <Gallery sessionId={sessionId} tick={tick} />
    </section>
  );
}
