// The saved games on this device: one localStorage entry per game, keyed by the game's uid.
// An entry is JSON {uid, game, title, name, status, finished, updated, code, link}; `code` is the save
// by value (msgpack + zlib + base64url, format 1: it opens under later rules as far as it replays)
// that play.html opens from its fragment, `link` the short share link (format 2) of the same game.
// One damaged entry never hides the others, and a full storage is reported, not thrown.
(function () {
  "use strict";
  const PREFIX = "chaupal.save.";
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
        localStorage.setItem(PREFIX + entry.uid, JSON.stringify(entry));
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
  };
})();
