// Registers the service worker (./sw.js, relative, so the site works under a sub-path) and exposes
// window.chaupalOffline: a promise that resolves to true once the worker is active and its precache
// is complete (the site then works with the network off), or to false where the browser has no
// service workers. It rejects if the worker fails to install (e.g. a precached file is missing).
// Once a newer version of the site is active, it shows the page's #new-version bar, if it has one.
//
// The worker is registered only once the page is ready (<body data-ready="true">) or 20 s after
// the load event, so that its precache does not compete with Python's start-up for bandwidth and
// mostly revalidates what the page has just downloaded.
(function () {
  "use strict";

  function pageReady() {
    return new Promise(function (resolve) {
      function isReady() {
        return document.body && document.body.dataset.ready === "true";
      }
      if (isReady()) return resolve();
      var observer = new MutationObserver(function () {
        if (isReady()) done();
      });
      var timer = null;
      function done() {
        observer.disconnect();
        if (timer !== null) clearTimeout(timer);
        resolve();
      }
      observer.observe(document, {subtree: true, childList: true, attributes: true,
                                  attributeFilter: ["data-ready"]});
      function afterLoad() { timer = setTimeout(done, 20000); }
      if (document.readyState === "complete") afterLoad();
      else window.addEventListener("load", afterLoad, {once: true});
    });
  }

  function settled(registration) {
    return new Promise(function (resolve, reject) {
      function step() {
        var pending = registration.installing || registration.waiting;
        if (pending) {
          pending.addEventListener("statechange", function () {
            if (pending.state === "redundant" && !registration.active) {
              reject(new Error("the service worker failed to install"));
            } else {
              step();
            }
          }, {once: true});
          return;
        }
        var active = registration.active;
        if (!active) return reject(new Error("no active service worker"));
        if (active.state === "activated") return resolve(true);
        active.addEventListener("statechange", step, {once: true});
      }
      step();
    });
  }

  if (!("serviceWorker" in navigator)) {
    window.chaupalOffline = Promise.resolve(false);
    return;
  }
  window.chaupalOffline = pageReady()
    .then(function () { return navigator.serviceWorker.register("./sw.js"); })
    .then(settled);
  window.chaupalOffline.catch(function (error) {
    console.warn("Offline play is not available:", error);
  });
  window.chaupalOffline.then(function (active) {
    if (active) watchForNewVersion();
  }, function () {});

  // A new version of the site: web/sw.js keeps serving this page (and its bot worker) the files of
  // the version it opened with, and says so when asked; the page offers a reload, which gets the new
  // version and keeps the game (it is in the address and in localStorage). The browser looks for a
  // new sw.js on navigations only, so a long game asks now and then too.
  var UPDATE_EVERY_MS = 3600 * 1000;

  function askVersion(worker) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage({type: "version"}, [channel.port2]);
    });
  }

  function showNewVersion() {
    var bar = document.getElementById("new-version");
    if (!bar || !bar.hidden) return;
    bar.hidden = false;
    var button = bar.querySelector("button");
    if (button) button.addEventListener("click", function () { location.reload(); });
  }

  function watchForNewVersion() {
    var container = navigator.serviceWorker;
    function check() {
      var worker = container.controller;
      if (!worker) return;
      askVersion(worker).then(function (answer) {
        if (answer && answer.mine !== answer.newest) showNewVersion();
      });
    }
    function update() {
      container.getRegistration().then(function (registration) {
        if (registration) return registration.update();
      }).catch(function () {}); // offline, or the server is away: the next try will do
    }
    container.addEventListener("controllerchange", check); // a new version took over
    check(); // it may have done so while this page started
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") update();
    });
    setInterval(update, UPDATE_EVERY_MS);
  }
})();
