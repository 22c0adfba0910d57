import { Porthole, Site } from "./harness.ts";
export const CONTROLS = `<!doctype html><title>Controls</title>
<label>Name <input id=a value="Ada"></label>
<label>Mail <input type=email value="a@b.c"></label>
<label>Find <input type=search value="q"></label>
<label>Phone <input type=tel value="123"></label>
<label>Site <input type=url value="http://x.y"></label>
<label>Age <input type=number value="42"></label>
<label>When <input type=time value="13:30"></label>
<label>Day <input type=date value="2026-12-01"></label>
<label>Meet <input type=datetime-local value="2026-12-01T13:30"></label>
<label>Month <input type=month value="2026-12"></label>
<label>Week <input type=week value="2026-W49"></label>
<label>Tint <input type=color value="#ff0000"></label>
<label>Vol <input type=range min=0 max=10 value=3></label>
<label>Agree <input type=checkbox checked></label>
<label>Red <input type=radio name=c checked></label>
<label>Pass <input type=password value="hunter2"></label>
<label>Doc <input type=file></label>
<input type=submit value="Send"> <input type=reset value="Reset"> <input type=button value="Push">
<input type=image alt="Go" src="data:,">
<input type=hidden value="h">
<label>Notes <textarea>Hello there</textarea></label>
<label>Pick <select><option>One</option><option selected>Two</option></select></label>
<label>Many <select multiple size=3><option selected>A</option><option>B</option></select></label>
<div contenteditable="true" aria-label="Editor">Rich text</div>
<label>Load <progress value="30" max="100"></progress></label>
<label>Fuel <meter value="0.6"></meter></label>
<details><summary>More</summary><p>Hidden body</p></details>
<form oninput="o.value = 1"><output name=o for=x>7</output></form>
<button>Plain</button>
`;
await using site = new Site({ "/": CONTROLS });
await using ph = await Porthole.start();
const sid = await ph.session();
const s = await ph.open(sid, site.url("/"));
console.log(s.tree);
console.log(
  JSON.stringify(
    await ph.pageEval(
      sid,
      `[...document.querySelectorAll("input,textarea,select,div,progress,meter,summary,details,output,label")].map(e => e.localName + (e.type? ":"+e.type:"") + " => " + e.computedRole)`,
    ),
  ),
);
