// Registers the service worker (./sw.js, relative, so the site works under a sub-path) and exposes
// window.chaupalOffline: a promise that resolves to true once the worker is active and its precache
// is complete (the site then works with the network off), or to false where the browser has no
// service workers. It rejects if the worker fails to install (e.g. a precached file is missing).
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
})();
