/**
 * The human test browser of seed 003: a person's own sessions on a second registry and Chromium
 * (`/v1/test-browser/sessions/…`), never sharing cookies, pages or state ids with the agent's.
 * Create one, navigate, observe, act by ref (click, type), screenshot, close.
 */
import { useState } from "preact/hooks";
import { api } from "./api.ts";
import { readable } from "./test_errors.ts";
import { PreviewPanel } from "./preview_panel.tsx";

const TB = "/v1/test-browser/sessions";

interface TestState {
  stateId: string;
  targetId: string;
  url: string;
  tree: string;
}

/** The tree's lines that carry a ref, as the person picks them. */
function refLines(tree: string): { ref: string; line: string; typable: boolean }[] {
  return tree.split("\n").flatMap((line) => {
    const m = /\[ref=(@[a-z0-9]+)\]/.exec(line);
    if (!m) return [];
    return [{ ref: m[1], line: line.trim(), typable: /^- (textbox|searchbox|combobox)\b/.test(line.trim()) }];
  });
}

export function TestPanel(
  { sessionId, onSession }: { sessionId: string | null; onSession: (sid: string | null) => void },
) {
  const [url, setUrl] = useState("");
  const [text, setText] = useState("");
  const [state, setState] = useState<TestState | null>(null);
  const [shot, setShot] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = sessionId ? `${TB}/${encodeURIComponent(sessionId)}` : "";

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(readable(e));
    } finally {
      setBusy(false);
    }
  };
  const observe = () => run(async () => setState(await api<TestState>("POST", `${base}/observe`, {})));
  const act = (action: "click" | "type", ref: string) =>
    run(async () => {
      if (!state) return;
      const r = await api<
        { execution: string; error?: { code: string; message: string }; freshState?: TestState }
      >(
        "POST",
        `${base}/act`,
        {
          stateId: state.stateId,
          targetId: state.targetId,
          action,
          ref,
          ...(action === "type" ? { text } : {}),
        },
      );
      setNote(`${action} ${ref}: ${r.execution}${r.error ? ` · ${r.error.message} (${r.error.code})` : ""}`);
      setState(r.freshState ?? await api<TestState>("POST", `${base}/observe`, {}));
    });

  return (
    <section class="panel test" aria-labelledby="test-title">
      <h2 id="test-title">Test browser</h2>
      <p class="muted">
        Your own browser for trying a site by hand: a separate Chromium, with no cookies, pages or state
        shared with the agents' sessions.
      </p>
      <p>
        {sessionId
          ? (
            <>
              Test session <code class="test-session">{sessionId}</code>{" "}
              <button
                type="button"
                class="close-test"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    await api("DELETE", base);
                    setState(null);
                    setShot(null);
                    onSession(null);
                  })}
              >
                Close
              </button>
            </>
          )
          : "No test session is open."}{" "}
        <button
          type="button"
          class="new-test"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const r = await api<{ sessionId: string }>("POST", TB, {});
              setState(null);
              setShot(null);
              onSession(r.sessionId);
            })}
        >
          New test session
        </button>
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      {sessionId && (
        <div class="test-grid">
          <div>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                run(async () => {
                  const r = await api<{ state: TestState }>("POST", `${base}/navigate`, {
                    url,
                    observe: true,
                  });
                  setState(r.state);
                });
              }}
            >
              <label for="test-url">URL</label>{" "}
              <input
                id="test-url"
                type="url"
                required
                value={url}
                onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
              />{" "}
              <button type="submit" disabled={busy}>Navigate</button>{" "}
              <button type="button" disabled={busy} onClick={observe}>Observe</button>{" "}
              <button
                type="button"
                class="test-screenshot"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    const r = await api<{ artifact: { href: string } }>("POST", `${base}/screenshot`, {});
                    setShot(r.artifact.href);
                  })}
              >
                Screenshot
              </button>
            </form>
            <p>
              <label for="test-text">Text to type</label>{" "}
              <input
                id="test-text"
                value={text}
                onInput={(e) => setText((e.target as HTMLInputElement).value)}
              />
            </p>
            {note && <p class="muted act-note" role="status">{note}</p>}
            {state && (
              <>
                <p class="muted">
                  <span class="origin">{state.url}</span> · state <code>{state.stateId}</code>
                </p>
                <ul class="refs test-refs" aria-label="Refs of the test session's observation">
                  {refLines(state.tree).map((r) => (
                    <li key={r.ref} data-ref={r.ref}>
                      <button
                        type="button"
                        class="test-click"
                        disabled={busy}
                        onClick={() => act("click", r.ref)}
                      >
                        Click
                      </button>
                      {r.typable && (
                        <button
                          type="button"
                          class="test-type"
                          disabled={busy}
                          onClick={() => act("type", r.ref)}
                        >
                          Type
                        </button>
                      )} <span class="name">{r.line}</span>
                    </li>
                  ))}
                </ul>
                <details>
                  <summary>Tree (page text, untrusted)</summary>
                  <pre class="tree test-tree">{state.tree}</pre>
                </details>
              </>
            )}
          </div>
          <div>
            {shot
              ? <img class="test-shot" src={shot} alt={`Screenshot of test session ${sessionId}`} />
              : <p class="empty">No screenshot yet.</p>}
          </div>
        </div>
      )}
      <PreviewPanel />
    </section>
  );
}
