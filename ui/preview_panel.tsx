/**
 * Preview: a URL in this browser, in an `<iframe sandbox="allow-scripts">` — the page runs with an
 * opaque origin (no allow-same-origin), so it reaches neither this UI, its login cookie, nor
 * either runtime; the CSP's frame-src admits http(s) pages and never Porthole's own origin.
 */
import { useState } from "preact/hooks";

export function PreviewPanel() {
  const [url, setUrl] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section class="panel preview" aria-labelledby="preview-title">
      <h3 id="preview-title">Preview</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          let u: URL;
          try {
            u = new URL(url);
          } catch {
            return setError("Not a URL.");
          }
          if (u.protocol !== "http:" && u.protocol !== "https:") {
            return setError("Only http and https pages.");
          }
          if (u.origin === location.origin) return setError("Porthole's own pages are not previewed.");
          setError(null);
          setShown(u.href);
        }}
      >
        <label for="preview-url">URL</label>{" "}
        <input
          id="preview-url"
          type="url"
          value={url}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
        />{" "}
        <button type="submit">Preview</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      {shown && (
        <iframe
          class="preview-frame"
          src={shown}
          title={`Preview of ${shown}`}
          sandbox="allow-scripts"
          referrerpolicy="no-referrer"
        />
      )}
    </section>
  );
}
