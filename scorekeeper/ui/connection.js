// The phone's own word when the table's server cannot be reached, and when it is back.
//
// Flet's web client shows a blank "Working..." while its websocket is down and retries on its own; the
// Python side cannot draw anything then. So this script, put into the page by the guard, watches the
// client's own websocket (by wrapping the browser's WebSocket constructor before Flutter starts) and
// probes the server every few seconds (a sleeping laptop closes no socket), and shows a plain banner
// above the app in the table's language: the one the page's title is in (the app names its title in
// the table's language), else the one the server said when the page loaded, else the phone's.
(function () {
  "use strict";
  var config = window.scorekeeperConnection;
  if (!config || window.WebSocket.scorekeeperWrapped) return;
  var Native = window.WebSocket;
  var socket = null;
  var lost = false;
  var hideTimer = null;
  var box = null;

  function language() {
    var byTitle = config.titles[document.title];
    var phone = (navigator.language || "en").slice(0, 2);
    return byTitle || config.language || (config.words[phone] ? phone : "en");
  }

  function show(kind) {
    if (!box) {
      box = document.createElement("div");
      box.id = "scorekeeper-connection";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "assertive");
      box.style.cssText =
        "position:fixed;left:0;right:0;top:0;z-index:2147483647;padding:14px 16px;" +
        "font:600 18px/1.35 'Noto Sans Arabic','Noto Sans',Roboto,sans-serif;text-align:center;" +
        "box-shadow:0 2px 8px rgba(0,0,0,.35)";
      document.body.appendChild(box);
    }
    var lang = language();
    box.lang = lang;
    box.dir = config.rtl.indexOf(lang) >= 0 ? "rtl" : "ltr";
    box.textContent = config.words[lang][kind];
    box.dataset.state = kind;
    box.style.background = kind === "lost" ? "#8c1d18" : "#1b5e20";
    box.style.color = "#ffffff";
    box.style.display = "block";
  }

  function connectionLost() {
    clearTimeout(hideTimer);
    if (!lost) {
      lost = true;
      show("lost");
    }
  }

  function connectionBack() {
    if (!lost) return;
    lost = false;
    show("back");
    hideTimer = setTimeout(function () {
      if (!lost && box) box.style.display = "none";
    }, config.backMs);
  }

  function Wrapped(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    var path = new URL(url, window.location.href).pathname;
    if (path === config.socketPath) {
      socket = ws;
      ws.addEventListener("open", connectionBack);
      ws.addEventListener("close", function () {
        if (socket === ws) connectionLost();
      });
    }
    return ws;
  }
  Wrapped.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) {
    Wrapped[k] = Native[k];
  });
  Wrapped.scorekeeperWrapped = true;
  window.WebSocket = Wrapped;

  function probe() {
    var abort = new AbortController();
    var timer = setTimeout(function () {
      abort.abort();
    }, config.probeTimeoutMs);
    fetch(config.probePath, { method: "HEAD", cache: "no-store", signal: abort.signal })
      .then(function () {
        if (lost && socket && socket.readyState === Native.OPEN) connectionBack();
      })
      .catch(connectionLost)
      .finally(function () {
        clearTimeout(timer);
      });
  }
  setInterval(probe, config.probeMs);
  window.addEventListener("offline", connectionLost);
})();
