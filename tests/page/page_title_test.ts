/**
 * A page's title in the session's view follows the document it loaded: the page's load events go
 * out after its title was read, so whoever lists the pages on such an event (the web UI) sees the
 * new document's title without anyone observing it.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

Deno.test(
  "after a page navigates by itself, its load event comes with the new title in the session's pages",
  browserTest,
  async () => {
    await using site = new Site({
      "/": "<!doctype html><title>First page</title><p>One</p>",
      "/second": "<!doctype html><title>Second page</title><p>Two</p>",
    });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.open(sid, site.url("/"));
    const pages = async () => (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages as Json[];
    assert.equal((await pages())[0].title, "First page");

    const session = ph.server.registry.get(sid);
    const sub = session.events.subscribe();
    try {
      // No observation follows: only the load event's own read can tell the session the new title.
      await ph.pageEval(sid, `location.href = "/second"`);
      const titles: string[] = [];
      await eventually("the new document's two load events", () => {
        for (let ev = sub.poll(); ev; ev = sub.poll()) {
          // Read at once, as a listener of the event does.
          if (ev.type === "page.load") titles.push(session.pageViews()[0].title);
        }
        return titles.length >= 2;
      });
      assert.deepEqual(
        titles,
        ["Second page", "Second page"],
        "DOMContentLoaded and load, each with the title",
      );
      assert.equal((await pages())[0].title, "Second page");
    } finally {
      sub.close();
    }
  },
);
