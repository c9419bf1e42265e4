// The game page's composition root: tools/build.py bundles this module and
// everything it imports into static/build/page.js, the one script index.html
// loads. It creates the page (create-page.js) and starts each feature
// (features.js) with the services others give (compose.js); no other module
// does anything when it is imported, and the features' order is free.
import { compose } from "./compose.js";
import { createEngine } from "../engine.js";
import { createPage } from "../create-page.js";
import { FEATURES } from "./features.js";

// The bundle's run between two marks: a start's phases (bench/startup.py --trace).
performance.mark("page-script");
compose(createPage(document, createEngine()), FEATURES);
performance.mark("page-features");
