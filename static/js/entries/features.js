// The game page's features, as data: each with the services its init takes
// from others (compose.js). Their order is free: the page shows every answer
// through one fixed pipeline (create-page.js), runs commands as functions
// (page.api.commands), and keeps shared state in page.state, so no feature
// relies on another having started first (tests/page/test_compose.py plays a
// page whose features start in a shuffled order).
import * as a11y from "../a11y.js";
import * as assist from "../solver/assist.js";
import * as daily from "../deals/daily.js";
import * as dialogs from "../dialogs.js";
import * as earlyInput from "../board/early-input.js";
import * as finish from "../finish.js";
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

/** @type {import("./compose.js").Feature[]} */
export const FEATURES = [
  { name: "toolbar", init: toolbar.init },
  { name: "toolbarFit", init: toolbarFit.init },
  { name: "replace", init: replace.init },
  { name: "urlHash", init: urlHash.init, needs: ["confirmReplace"] },
  { name: "winCascade", init: (page) => ({ cascade: winCascade.init(page) }) },
  { name: "dialogs", init: dialogs.init, needs: ["confirmReplace", "cascade"] },
  { name: "tiers", init: tiers.init },
  { name: "share", init: share.init },
  { name: "preferences", init: preferences.init },
  { name: "themes", init: themes.init },
  { name: "earlyInput", init: (page) => ({ early: earlyInput.init(page) }) },
  { name: "pointer", init: pointer.init, needs: ["early"] },
  { name: "a11y", init: a11y.init },
  { name: "assist", init: assist.init },
  { name: "finish", init: finish.init },
  { name: "keyboard", init: keyboard.init, needs: ["early"] },
  { name: "storage", init: storage.init },
  { name: "saveNotices", init: saveNotices.init, needs: ["saver"] },
  { name: "savedView", init: savedView.init },
  { name: "stats", init: stats.init, needs: ["saver"] },
  { name: "daily", init: daily.init, needs: ["confirmReplace"] },
  { name: "statsCharts", init: statsCharts.init, needs: ["playDay"] },
  { name: "statsTransfer", init: statsTransfer.init },
  { name: "winPar", init: winPar.init },
  { name: "review", init: review.init },
  { name: "gameLink", init: gameLink.init },
  { name: "pwa", init: pwa.init },
  { name: "handshake", init: handshake.init },
];
