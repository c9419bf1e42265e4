// The game page's composition root: tools/build.py bundles this module and
// everything it imports into static/build/page.js, the one script index.html
// loads. It creates the page (create-page.js) and gives it to each feature,
// with the services other features return (the saver, the question before a
// game is replaced); no other module does anything when it is imported. The order is the order
// their listeners hear each event: the toolbar and the dialogs see a new state
// before it is said aloud, saved and counted (the win's show starts before its
// dialog asks whether it has been seen), and the game is restored
// (storage) before the statistics look at it; the win's par line and
// the daily deal read the statistics once counted, and a game link is opened
// (game-link) only once everything else has seen the first game.
import * as a11y from "../a11y.js";
import * as assist from "../solver/assist.js";
import { createPage } from "../create-page.js";
import * as daily from "../deals/daily.js";
import * as dialogs from "../dialogs.js";
import * as earlyInput from "../board/early-input.js";
import * as finish from "../finish.js";
import { createEngine } from "../engine.js";
import * as gameLink from "../review/game-link.js";
import * as handshake from "../handshake.js";
import * as pointer from "../board/input.js";
import * as keyboard from "../board/keyboard.js";
import * as preferences from "../settings/preferences.js";
import * as pwa from "../pwa.js";
import * as replace from "../deals/replace.js";
import * as review from "../review/review.js";
import * as saveNotices from "../saving/save-notices.js";
import * as savedView from "../saving/saved-view.js";
import * as share from "../deals/share.js";
import * as stats from "../stats/stats.js";
import * as statsCharts from "../stats/stats-charts.js";
import * as statsTransfer from "../stats/stats-transfer.js";
import * as storage from "../saving/storage.js";
import * as themes from "../settings/themes.js";
import * as tiers from "../deals/tiers.js";
import * as toolbar from "../toolbar/toolbar.js";
import * as toolbarFit from "../toolbar/toolbar-fit.js";
import * as urlHash from "../deals/url-hash.js";
import * as winCascade from "../board/win-cascade.js";
import * as winPar from "../review/win-par.js";

// The bundle's run between two marks: a start's phases (bench/startup.py --trace).
performance.mark("page-script");
const engine = createEngine();
const page = createPage(document, engine);
// In the order their listeners hear each event (above). A feature that serves
// others returns its service, handed on here.
toolbar.init(page);
toolbarFit.init(page);
const { confirmReplace } = replace.init(page);
urlHash.init(page, { confirmReplace });
const cascade = winCascade.init(page);
dialogs.init(page, { confirmReplace, cascade });
tiers.init(page);
share.init(page);
preferences.init(page);
themes.init(page);
const early = earlyInput.init(page);
pointer.init(page, { early });
a11y.init(page);
const { showMe } = assist.init(page);
const { finishGame } = finish.init(page);
keyboard.init(page, { early, showMe, finishGame });
const { saver } = storage.init(page);
saveNotices.init(page, { saver });
savedView.init(page);
stats.init(page, { saver });
const { playDay } = daily.init(page, { confirmReplace });
statsCharts.init(page, { playDay });
statsTransfer.init(page);
winPar.init(page);
review.init(page);
gameLink.init(page);
pwa.init(page);
handshake.init(page, engine);
performance.mark("page-features");
