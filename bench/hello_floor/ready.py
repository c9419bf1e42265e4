# The floor page's whole program: say "ready" as soon as MicroPython runs it.
import js

js.performance.mark("page-ready")
js.document.body.dataset.ready = "1"
