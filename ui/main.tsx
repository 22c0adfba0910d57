/** The web UI's entry: Preact renders the app into the shell's #app. */
import { render } from "preact";
import { App } from "./app.tsx";

render(<App />, document.getElementById("app")!);
