/**
 * Generated pages for the observation benchmark, sized by the number of nodes in Chromium's
 * full accessibility tree: a product list (~500, ~3,500 and ~35,000 nodes), a news front page
 * (~1,400: sections of stories, each a headline link, a summary, a comments link and a button,
 * beside a search form and a trending list), an article (~3,500) and a page of 2,400 buttons.
 * Each list page has a counter its "Add" buttons change, for the `since` measurement.
 */

export interface BenchPage {
  path: string;
  label: string;
  html: string;
}

function list(items: number, title: string): string {
  let s = `<!doctype html><html lang="en"><title>${title}</title>
<header><h1>${title}</h1><nav><a href="/">Home</a> <a href="/cart?id=1">Cart</a></nav></header>
<main><p id="count">Added: 0</p><ul>`;
  for (let i = 0; i < items; i++) {
    s += `<li><a href="/item/${i}?ref=list">Item number ${i}</a> <span>Price $${i}.99, ships in ${
      i % 5 + 1
    } days</span> <button class="add">Add to cart</button></li>`;
  }
  return s + `</ul></main><footer><p>Footer</p></footer>
<script>
  let n = 0;
  const out = document.getElementById("count");
  for (const b of document.querySelectorAll("button.add")) b.addEventListener("click", () => { out.textContent = "Added: " + ++n; });
</script>`;
}

function article(paragraphs: number): string {
  let s = `<!doctype html><html lang="en"><title>Article</title>
<header><h1>The article</h1><nav><a href="/a">Section A</a> <a href="/b">Section B</a></nav></header><main><article>`;
  for (let i = 0; i < paragraphs; i++) {
    if (i % 10 === 0) s += `<h2>Section ${i / 10}</h2>`;
    s +=
      `<p>Paragraph ${i} has some <b>bold</b> words and a <a href="/p/${i}">link ${i}</a>, then more text that ` +
      `goes on for a while so that the paragraph reads like prose of an ordinary article page.</p>`;
  }
  return s + `</article></main><footer><p>Footer</p></footer>`;
}

function news(stories: number): string {
  const sections = ["World", "Business", "Science", "Sport", "Culture"];
  let s = `<!doctype html><html lang="en"><title>News</title>
<header><h1>The Daily Porthole</h1><nav aria-label="Sections">${
    sections.map((x) => `<a href="/s/${x.toLowerCase()}">${x}</a>`).join(" ")
  } <form role="search"><input type="search" aria-label="Search news"> <button>Search</button></form></nav></header>
<main>`;
  const per = Math.ceil(stories / sections.length);
  for (let k = 0; k < sections.length; k++) {
    s += `<section aria-labelledby="h${k}"><h2 id="h${k}">${sections[k]}</h2>`;
    for (let i = k * per; i < Math.min(stories, (k + 1) * per); i++) {
      s += `<article><h3><a href="/story/${i}">Headline number ${i} about ${sections[k]}</a></h3>` +
        `<p>A short summary of story ${i}, with <b>one</b> bold word. <a href="/story/${i}#comments">${
          i % 40
        } comments</a></p><span>${i % 12 + 1} hours ago</span> <button>Share</button></article>`;
    }
    s += `</section>`;
  }
  s += `</main><aside aria-label="Trending"><h2>Trending</h2><ol>`;
  for (let i = 0; i < 10; i++) s += `<li><a href="/story/${i * 7}">Trending story ${i}</a></li>`;
  return s + `</ol></aside><footer><p>© The Daily Porthole</p><a href="/about">About</a></footer>`;
}

function buttons(n: number): string {
  let s = `<!doctype html><html lang="en"><title>Buttons</title><div>`;
  for (let i = 0; i < n; i++) s += `<button onclick="this.textContent = 'Done ${i}'">Button ${i}</button>`;
  return s + `</div>`;
}

/** The pages, sized here (items and paragraphs were calibrated against getFullAXTree's node count). */
export const BENCH_PAGES: BenchPage[] = [
  { path: "/list-500", label: "list, ~500 AX nodes", html: list(36, "Small list") },
  { path: "/news", label: "news, ~1,400 AX nodes", html: news(65) },
  { path: "/list-3500", label: "list, ~3,500 AX nodes", html: list(262, "List") },
  { path: "/list-35000", label: "list, ~35,000 AX nodes", html: list(2630, "Large list") },
  { path: "/article", label: "article, ~3,500 AX nodes", html: article(250) },
  { path: "/buttons", label: "2,400 buttons", html: buttons(2400) },
];

export class PageSite implements AsyncDisposable {
  readonly #server: Deno.HttpServer<Deno.NetAddr>;
  readonly origin: string;

  constructor(pages: BenchPage[]) {
    const byPath = new Map(pages.map((p) => [p.path, p.html]));
    this.#server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
      const html = byPath.get(new URL(req.url).pathname);
      if (html === undefined) return new Response("<title>Not found</title>", { status: 404 });
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    this.origin = `http://127.0.0.1:${this.#server.addr.port}`;
  }

  async [Symbol.asyncDispose]() {
    await this.#server.shutdown();
  }
}

/** POST `body` as JSON to Porthole at `base`; the answer's JSON, or an error naming the path and status. */
export async function postJson(base: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  // deno-lint-ignore no-explicit-any
  const json: any = await res.json();
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json;
}
