/**
 * The gauntlet's tasks: a page of a real library, what a person does there, the scripted policy
 * that does it through Porthole's observe and act only (a ref found by role and name in the
 * observation, each act on the state it was found in, continuing from its fresh state), and
 * what the page's own reported outcome must say.
 */
import { PolicyError, type Task } from "./gauntlet.ts";

export const TASKS: Task[] = [
  {
    library: "@mui/material",
    kind: "combobox, async options in a portal",
    task: 'Autocomplete: pick "Canada"',
    entry: "mui_autocomplete.jsx",
    title: "MUI Autocomplete",
    policy: async (a, url) => {
      await a.open(url, /combobox "Country"/);
      await a.act("type", /combobox "Country"/, { text: "Can" });
      await a.until(/option "Canada"/);
      await a.act("click", /option "Canada"/);
    },
    peer: async (p, url) => {
      await p.open(url, /combobox "Country"/);
      await p.act("browser_type", /combobox "Country"/, { text: "Can" });
      await p.until(/option "Canada"/);
      await p.act("browser_click", /option "Canada"/);
    },
    solved: (o) => o.country === "Canada",
  },
  {
    library: "@mui/material",
    kind: "select, listbox in a portal",
    task: 'Select: choose size "Large"',
    entry: "mui_select.jsx",
    title: "MUI Select",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /combobox "Size"/, { look: true });
      await a.act("click", /option "Large"/);
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /combobox "Size"/);
      await p.act("browser_click", /option "Large"/);
    },
    solved: (o) => o.size === "large",
  },
  {
    library: "@headlessui/react",
    kind: "menu on pointer down, floating",
    task: 'Menu: choose "Archive"',
    entry: "headless_menu.jsx",
    title: "Headless UI menu",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /button "Options"/, { look: true });
      await a.act("click", /menuitem "Archive"/);
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /button "Options"/);
      await p.act("browser_click", /menuitem "Archive"/);
    },
    solved: (o) => o.action === "archive",
  },
  {
    library: "@material/web",
    kind: "web components, shadow DOM",
    task: 'tick "Send me news", press "Save"',
    entry: "material_web.js",
    title: "Material Web",
    policy: async (a, url) => {
      await a.open(url, /button "Save"/);
      // The label names the host element; the checkbox inside its shadow root has no name of its own.
      await a.act("click", /"Send me news"/);
      await a.act("click", /button "Save"/);
    },
    peer: async (p, url) => {
      await p.open(url, /button "Save"/);
      // The checkbox has no name of its own: it is the one beside the text "Send me news".
      await p.act("browser_click", /- checkbox/);
      await p.act("browser_click", /button "Save"/);
    },
    solved: (o) => o.saved === true && o.news === true,
  },
  {
    library: "@tiptap/core",
    kind: "rich text, contenteditable",
    task: "type a word in bold, see it bold in the tree",
    entry: "tiptap.js",
    title: "TipTap",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("type", /textbox "Note"/, { text: " and ", append: true });
      await a.act("press", /textbox "Note"/, { key: "Control+b" });
      await a.act("type", /textbox "Note"/, { text: "bold", look: true });
      if (!a.has(/strong/)) throw new Error(`the tree does not show the bold word:\n${a.line(/Note/)}`);
    },
    peer: async (p, url) => {
      await p.open(url);
      // No caret-to-end option: a click in the editor puts the caret after its only line.
      await p.act("browser_click", /textbox "Note"/);
      await p.act("browser_type", /textbox "Note"/, { text: " and ", slowly: true });
      await p.act("browser_press_key", null, { key: "Control+b" });
      await p.act("browser_type", /textbox "Note"/, { text: "bold", slowly: true });
      await p.look();
      if (!p.has(/strong/)) throw new Error(`the snapshot does not show the bold word:\n${p.line(/Note/)}`);
    },
    solved: (o) => /<strong>bold<\/strong><\/p>$/.test(String(o.html)),
  },
  {
    library: "ace-builds",
    kind: "code editor",
    task: "type a line of code at the end",
    entry: "ace.js",
    title: "Ace",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("type", /textbox/, { text: "const answer = 42;", look: true });
      if (!a.has(/const answer = 42;/)) throw new Error("the tree does not show the typed code");
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_type", /textbox/, { text: "const answer = 42;" });
      await p.look();
      if (!p.has(/const answer = 42;/)) throw new Error("the snapshot does not show the typed code");
    },
    solved: (o) => String(o.code).includes("const answer = 42;"),
  },
  {
    library: "@dnd-kit/sortable",
    kind: "drag and drop, pointer events",
    task: 'reorder: move "Cherry" to the top',
    entry: "dndkit.jsx",
    title: "dnd-kit",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("drag", /"Cherry"|Cherry/, { toRef: /"Apple"|Apple/ });
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_drag", null, { startTarget: /"Cherry"|Cherry/, endTarget: /"Apple"|Apple/ });
    },
    solved: (o) => Array.isArray(o.order) && o.order[0] === "Cherry",
  },
  {
    library: "@tanstack/react-virtual",
    kind: "virtualised list, 10,000 rows",
    task: "reach order 7,500 and open it",
    entry: "tanstack_virtual.jsx",
    title: "TanStack Virtual",
    policy: async (a, url) => {
      await a.open(url, /button "Order 0"/);
      // The list's line says how far it scrolls ([scroll=from-to/total]); 10,000 orders share
      // that height, so one scroll by ref reaches order 7,500 (a second if the estimate falls short).
      // Find then asks for the order by name: a look would read every row the list now shows.
      let order: string | null = null;
      for (let i = 0; i < 3 && !order; i++) {
        if (i > 0) await a.look();
        const [, from, to, total] = a.line(/region "Orders list"/)!.match(/\[scroll=(\d+)-(\d+)\/(\d+)\]/)!
          .map(Number);
        const target = (7500 / 10000) * total - (to - from) / 2;
        await a.act("scroll", /region "Orders list"/, { deltaY: Math.round(target - from) });
        order = await a.find({ role: "button", name: "Order 7500" }, true);
      }
      if (!order) throw new PolicyError("order 7,500 is not in the list after three scrolls");
      await a.act("click", order);
    },
    peer: async (p, url) => {
      await p.open(url, /button "Order 0"/);
      // Playwright MCP has no scroll tool: the list is scrolled by script on its ref, as far as
      // order 7,500 sits among the 10,000 (again if it falls short), as an agent does there.
      for (let i = 0; i < 3 && !p.has(/button "Order 7500"/); i++) {
        await p.act("browser_evaluate", /region "Orders list"/, {
          function: "(el) => { el.scrollTop = el.scrollHeight * 0.75 - el.clientHeight / 2; }",
        });
        await p.look();
      }
      await p.act("browser_click", /button "Order 7500"/);
    },
    solved: (o) => o.opened === 7500,
  },
  {
    library: "ag-grid-community",
    kind: "data grid",
    task: "sort by Price, edit the cheapest car's model",
    entry: "ag_grid.js",
    title: "ag-Grid",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /columnheader "Price"/);
      await a.act("dblclick", /gridcell "500"/, { look: true });
      // A newline in typed text is the Enter key: it commits the cell's edit.
      await a.act("type", /textbox/, { text: "500e\n", clear: true });
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /columnheader "Price"/);
      await p.act("browser_click", /gridcell "500"/, { doubleClick: true });
      await p.act("browser_type", /textbox/, { text: "500e", submit: true });
    },
    solved: (o) => Array.isArray(o.sort) && o.sort.join() === "price:asc" && o.rows?.[0] === "500e",
  },
  {
    library: "bootstrap",
    kind: "dropdown and modal",
    task: "Actions → Delete → confirm in the modal",
    entry: "bootstrap.js",
    title: "Bootstrap",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /button "Actions"/, { look: true });
      await a.act("click", /link "Delete"/, { look: true });
      await a.act("click", /button "Delete file"/);
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /button "Actions"/);
      await p.act("browser_click", /link "Delete"/);
      await p.act("browser_click", /button "Delete file"/);
    },
    solved: (o) => o.deleted === true,
  },
  {
    library: "vanilla-cookieconsent",
    kind: "consent box covering the page",
    task: "accept all cookies, then subscribe",
    entry: "cookieconsent.js",
    title: "Cookie consent",
    policy: async (a, url) => {
      await a.open(url, /button "Accept all"/);
      await a.act("click", /button "Accept all"/);
      await a.act("click", /button "Subscribe"/);
    },
    peer: async (p, url) => {
      await p.open(url, /button "Accept all"/);
      await p.act("browser_click", /button "Accept all"/);
      await p.act("browser_click", /button "Subscribe"/);
    },
    solved: (o) => o.subscribed === true && Array.isArray(o.accepted) && o.accepted.includes("analytics"),
  },
  {
    library: "tom-select",
    kind: "searchable select",
    task: 'search and pick "Lisbon"',
    entry: "tom_select.js",
    title: "Tom Select",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("type", /combobox "Destination"/, { text: "lis", look: true });
      await a.act("click", await a.refIn(/listbox "Destination"/, /option "Lisbon"/));
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_type", /combobox "Destination"/, { text: "lis" });
      await p.act("browser_click", null, { target: () => p.ref(/option "Lisbon"/, /listbox "Destination"/) });
    },
    solved: (o) => o.city === "lisbon",
  },
  {
    library: "chart.js",
    kind: "canvas chart",
    task: "read March's sales from the chart, submit them",
    entry: "chartjs.js",
    title: "Chart.js",
    policy: async (a, url) => {
      await a.open(url);
      const m = a.tree.match(/March (\d+)/);
      if (!m) throw new Error("the tree does not give the chart's March value");
      // Enter in the field submits its form, as a person does it.
      await a.act("type", /textbox "March sales"/, { text: m[1] + "\n" });
    },
    peer: async (p, url) => {
      await p.open(url);
      // The snapshot names the canvas but leaves out its fallback content: the agent reads that
      // by script on the canvas's ref (a read, not an act).
      const m = p.tree.match(/March (\d+)/) ??
        (await p.read("browser_evaluate", /"Monthly sales chart"/, { function: "(el) => el.textContent" }))
          .match(/March (\d+)/);
      if (!m) throw new Error("neither the snapshot nor the canvas's text gives March's value");
      await p.act("browser_type", /textbox "March sales"/, { text: m[1], submit: true });
    },
    solved: (o) => o.march === "27",
  },
  {
    library: "swiper",
    kind: "carousel, slides out of view",
    task: "go to slide 3, press its button",
    entry: "swiper.js",
    title: "Swiper",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /button "Go to slide 3"/);
      await a.act("click", /button "Book Douro valley"/);
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /button "Go to slide 3"/);
      await p.act("browser_click", /button "Book Douro valley"/);
    },
    solved: (o) => o.slide === 2 && o.booked === "Douro valley",
  },
  {
    library: "intl-tel-input",
    kind: "country picker inside a text field",
    task: "pick France, type a number",
    entry: "intl_tel_input.js",
    title: "intl-tel-input",
    policy: async (a, url) => {
      await a.open(url, /button "Change country/);
      await a.act("click", /button "Change country/);
      // The picker lists every country: the agent asks for its search field rather than reading the list.
      await a.act("type", await a.find({ role: "combobox", name: "Search" }), { text: "France" });
      await a.act("click", /option "France/);
      await a.act("type", /textbox "Phone"/, { text: "612345678" });
    },
    peer: async (p, url) => {
      await p.open(url, /Change country/);
      await p.act("browser_click", /Change country/);
      await p.act("browser_type", /combobox|searchbox/, { text: "France" });
      await p.act("browser_click", /option "France/);
      await p.act("browser_type", /textbox "Phone"/, { text: "612345678" });
    },
    solved: (o) => o.country === "fr" && o.number === "+33612345678" && o.valid === true,
  },
  {
    library: "@mui/x-date-pickers",
    kind: "date picker, calendar in a popper",
    task: "pick 15 March 2026, see it in the field",
    entry: "mui_date_picker.jsx",
    title: "MUI X DatePicker",
    policy: async (a, url) => {
      await a.open(url);
      await a.act("click", /button "Choose date"/, { look: true });
      await a.act("click", /gridcell "15"/, { look: true });
      // Where the picker is a modal (no fine pointer), the field hides behind it until confirmed.
      if (a.has(/button "OK"/)) await a.act("click", /button "OK"/);
      await a.look();
      const field = ["Month", "Day", "Year"].map((s) =>
        a.line(new RegExp(`spinbutton "${s}"`))?.match(/: "?(\w+)"?$/)?.[1]
      );
      if (field.join("/") !== "03/15/2026") {
        throw new Error(`the field shows ${field.join("/")}, not 03/15/2026`);
      }
    },
    peer: async (p, url) => {
      await p.open(url);
      await p.act("browser_click", /button "Choose date"/);
      await p.act("browser_click", /gridcell "15"/);
      await p.look();
      if (p.has(/button "OK"/)) await p.act("browser_click", /button "OK"/);
      await p.look();
      const field = ["Month", "Day", "Year"].map((s) =>
        p.line(new RegExp(`spinbutton "${s}"`))?.match(/: "?(\w+)"?$/)?.[1]
      );
      if (field.join("/") !== "03/15/2026") {
        throw new Error(`the field shows ${field.join("/")}, not 03/15/2026`);
      }
    },
    solved: (o) => o.date === "2026-03-15",
  },
];
