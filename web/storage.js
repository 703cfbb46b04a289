// The saved games on this device: one localStorage entry per game, keyed by the game's uid.
// An entry is JSON {uid, game, title, name, status, finished, updated, code, link}; `code` is the save
// by value (msgpack + zlib + base64url, format 1: it opens under later rules as far as it replays)
// that play.html opens from its fragment, `link` the short share link (format 2) of the same game.
// One damaged entry never hides the others, and a full storage is reported, not thrown.
// The first save of a new game asks the browser to keep this site's storage (persistent storage), so
// that it is not evicted when space runs short or, in Safari, after a week unvisited.
(function () {
  "use strict";
  const PREFIX = "chaupal.save.";
  let asked = false;  // once a page: where the browser asks the player (Firefox), not at every new game
  // Asks for persistent storage unless the site has it; never throws (no navigator.storage over
  // http, in old browsers) and resolves to whether the storage is persistent.
  const keep = async () => {
    try {
      const storage = navigator.storage;
      if (!storage || typeof storage.persist !== "function") return false;
      if (typeof storage.persisted === "function" && await storage.persisted()) return true;
      if (asked) return false;
      asked = true;
      return await storage.persist() === true;
    } catch (err) {
      return false;
    }
  };
  const read = (key) => {
    try {
      const entry = JSON.parse(localStorage.getItem(key));
      if (!(entry && typeof entry.code === "string" && typeof entry.uid === "string")) return null;
      if (typeof entry.link !== "string") entry.link = entry.code; // saved before short links
      return entry;
    } catch (err) {
      return null;
    }
  };
  window.chaupalStore = {
    prefix: PREFIX,  // of the localStorage keys of saved games (another tab's change names its key)
    list() {
      const entries = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(PREFIX)) {
          const entry = read(key);
          if (entry) entries.push(entry);
        }
      }
      return entries.sort((a, b) => (b.updated || 0) - (a.updated || 0));
    },
    get(uid) {
      return read(PREFIX + uid);
    },
    put(json) {
      const entry = JSON.parse(json);
      entry.updated = Date.now();
      try {
        const added = localStorage.getItem(PREFIX + entry.uid) === null;
        localStorage.setItem(PREFIX + entry.uid, JSON.stringify(entry));
        if (added) keep();
        return "";
      } catch (err) {
        return "This device's storage is full, so this move is not saved here. " +
          "Delete old games on the home page, or use Share to keep a link to this game.";
      }
    },
    rename(uid, name) {
      const entry = read(PREFIX + uid);
      if (!entry) return;
      entry.name = String(name).slice(0, 80);
      localStorage.setItem(PREFIX + uid, JSON.stringify(entry));
    },
    remove(uid) {
      localStorage.removeItem(PREFIX + uid);
    },
    // The characters the saved games take (browsers give a site's localStorage about 5 million).
    chars() {
      let total = 0;
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(PREFIX)) total += key.length + (localStorage.getItem(key) || "").length;
      }
      return total;
    },
    // Whether an entry is stored under this uid, readable or not (a damaged one is not overwritten).
    has(uid) {
      return localStorage.getItem(PREFIX + uid) !== null;
    },
    // Adds whole entries (a restore, web/backup.js), all or none: when the storage fills up
    // midway, what was written is taken out again. Returns a problem to show, or "".
    addAll(entries) {
      if (entries.some((entry) => this.has(entry.uid))) {
        return "Another page changed the saved games meanwhile, so the backup was not restored " +
          "(nothing was changed). Restore it again.";
      }
      const written = [];
      try {
        for (const entry of entries) {
          localStorage.setItem(PREFIX + entry.uid, JSON.stringify(entry));
          written.push(entry.uid);
        }
      } catch (err) {  // the quota (its error's name differs between browsers)
        for (const uid of written) localStorage.removeItem(PREFIX + uid);
        return "This device's storage is full, so the backup was not restored (nothing was changed). " +
          "Delete old games, then restore again.";
      }
      if (written.length) keep();
      return "";
    },
    keep,
  };
})();
