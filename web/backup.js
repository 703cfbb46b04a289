// Backup and restore of every saved game of this device, as one file.
//
// The file (format "chaupal-backup", version 1) is JSON:
//   {"format": "chaupal-backup", "version": 1, "made": "<ISO 8601 date>",
//    "games": [{"uid", "game", "title", "name", "status", "finished", "updated", "code", "link"}, ...],
//    "sha256": "<64 hex digits>"}
// Each game is a saved game as web/storage.js keeps it: uid its id (16 hex digits, or the original's
// with "-rules<N>" for a game continued under corrected rules: letters, digits, "-" and "_", at most
// 64), game the game's id (one of games.json), title, name and status texts, finished a boolean,
// updated the time of its last move (milliseconds since 1970), code the save that play.html#<code>
// opens and link its short share link: each base64url of a zlib stream (a save by value) or of a
// msgpack list (a short link; a game of earlier rules is kept as the link it was opened from).
// sha256 is the SHA-256 of the UTF-8 of JSON.stringify(games) with each game's keys in the order
// above and no spaces (Python: json.dumps(games, separators=(",", ":"), ensure_ascii=False)), so that
// a damaged file is recognised. A reader refuses any other field, type, size or version, and writes
// nothing then; a save that passes and yet does not replay is refused by the game page when it is
// opened, as a damaged link is.
//
// Restoring merges: a game not on this device is added as it is; one whose very code is already here
// adds nothing; the same uid with another code leaves the device's game untouched and adds the
// backup's beside it under a new uid, named "<name> (from the backup of <date>)".
(function () {
  "use strict";
  const FORMAT = "chaupal-backup";
  const VERSION = 1;
  const KEYS = ["uid", "game", "title", "name", "status", "finished", "updated", "code", "link"];
  const MAX_FILE_CHARS = 16e6;  // a backup of a full localStorage (about 5 million characters) is far smaller
  const MAX_GAMES = 10000;
  const MAX_CHARS = { uid: 64, game: 64, title: 200, name: 200, status: 1000, code: 400000, link: 400000 };
  const LABELS = { game: "game id", code: "save", link: "share link" };
  const MAX_TIME = 8.64e15;  // the last date a Date holds
  const UID = /^[A-Za-z0-9_-]+$/;
  const BASE64URL = /^[A-Za-z0-9_-]+$/;
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

  let catalogue = null;
  // games.json (written by build.py), fetched once for the home page and for the checks here
  function games() {
    if (!catalogue) {
      catalogue = fetch("games.json").then((response) => {
        if (!response.ok) throw new Error("games.json: " + response.status);
        return response.json();
      });
      catalogue.catch(() => { catalogue = null; });  // a later call tries again
    }
    return catalogue;
  }

  async function knownIds() {
    try {
      return new Set((await games()).games.map((game) => game.id));
    } catch (err) {
      throw new Error("The list of games could not be loaded, so the backup cannot be checked. Reload the page.");
    }
  }

  const refuse = (why) => {
    throw new Error(`This file cannot be restored: ${why} Nothing was changed.`);
  };
  const own = (value, key) => Object.prototype.hasOwnProperty.call(value, key);
  const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const sameKeys = (value, keys) => Object.keys(value).length === keys.length && keys.every((k) => own(value, k));

  // The first three bytes of a base64url text of at least 4 characters.
  const head = (text) => [...atob(text.slice(0, 4).replace(/-/g, "+").replace(/_/g, "/"))].map((c) => c.charCodeAt(0));
  // A save by value is a zlib stream (its header: 0x78, and a multiple of 31), a short link a msgpack
  // list (0x90-0x9f): what the game page reads (engine/core/saves.py), checked no further here (the
  // game page refuses one that does not replay, with its message).
  const isCode = (text) => text.length >= 8 && BASE64URL.test(text);
  const isSave = (text) => {
    if (!isCode(text)) return false;
    const [first, second] = head(text);
    return first === 0x78 && (first * 256 + second) % 31 === 0;
  };
  const isLink = (text) => isCode(text) && (head(text)[0] & 0xf0) === 0x90;

  // One game of a backup, checked, as a new object with its keys in order; `where` names it in a message.
  function checkGame(game, ids, where) {
    if (!isRecord(game) || !sameKeys(game, KEYS)) refuse(`${where} does not have exactly the fields of a saved game.`);
    for (const [key, most] of Object.entries(MAX_CHARS)) {
      const value = game[key], what = `the ${LABELS[key] || key} of ${where}`;
      if (typeof value !== "string") refuse(`${what} is not a text.`);
      if (value.length > most) refuse(`${what} is longer than ${most.toLocaleString("en")} characters.`);
    }
    if (!UID.test(game.uid)) refuse(`the uid of ${where} is not an id of a saved game.`);
    if (!ids.has(game.game)) refuse(`${where} is of a game this site does not have.`);
    if (![game.code, game.link].every((text) => isSave(text) || isLink(text))) {
      refuse(`the save of ${where} is not a saved game's code.`);
    }
    if (typeof game.finished !== "boolean") refuse(`"finished" of ${where} is not true or false.`);
    if (!Number.isSafeInteger(game.updated) || game.updated < 0 || game.updated > MAX_TIME) {
      refuse(`the date of ${where} is not a date.`);
    }
    return Object.fromEntries(KEYS.map((key) => [key, game[key]]));
  }

  async function sha256(text) {
    if (!(window.crypto && crypto.subtle)) {
      throw new Error("This page cannot make or check a backup here: the browser allows it only on a " +
        "secure page (https or localhost).");
    }
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The local date, as in the file's name and in the names of games restored beside others.
  const day = (date) => `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  const isoDay = (date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((n, i) => String(n).padStart(i ? 2 : 4, "0")).join("-");

  // The backup of every saved game on this device, as the file's text. A stored entry that would not
  // restore (damaged, or of a game no longer on the site) is left out: window.chaupalBackup.leftOut
  // then says how many.
  async function make() {
    const ids = await knownIds();
    const out = [];
    let left = 0;
    for (const entry of window.chaupalStore.list()) {
      const text = (value) => (typeof value === "string" ? value : "");
      const game = {
        uid: entry.uid, game: entry.game, title: text(entry.title).slice(0, MAX_CHARS.title),
        name: text(entry.name).slice(0, MAX_CHARS.name), status: text(entry.status).slice(0, MAX_CHARS.status),
        finished: entry.finished === true, updated: Number.isSafeInteger(entry.updated) ? entry.updated : 0,
        code: entry.code, link: entry.link,
      };
      try {
        out.push(checkGame(game, ids, "a game"));
      } catch (err) {
        left += 1;
      }
    }
    window.chaupalBackup.leftOut = left;
    const file = { format: FORMAT, version: VERSION, made: new Date().toISOString(), games: out,
      sha256: await sha256(JSON.stringify(out)) };
    return JSON.stringify(file, null, 1) + "\n";
  }

  // The file's games, checked, and its date; or an Error with the message for the player.
  async function read(text) {
    if (typeof text !== "string") refuse("it is not a text file.");
    if (text.length > MAX_FILE_CHARS) refuse("it is too large to be a backup of Chaupal's games.");
    let file;
    try {
      file = JSON.parse(text);
    } catch (err) {
      refuse("it is not a Chaupal backup (it is not even JSON).");
    }
    if (!isRecord(file) || file.format !== FORMAT) refuse("it is not a Chaupal backup.");
    if (typeof file.version === "number" && Number.isInteger(file.version) && file.version > VERSION) {
      refuse("it was made by a newer version of Chaupal. Reload this page to update it, then restore again.");
    }
    if (file.version !== VERSION) refuse("its version is not one this site reads.");
    if (!sameKeys(file, ["format", "version", "made", "games", "sha256"])) refuse("it has fields a backup does not have.");
    const made = typeof file.made === "string" && file.made.length <= 40 ? new Date(file.made) : null;
    if (!made || !Number.isFinite(made.getTime())) refuse("its date is not a date.");
    if (!Array.isArray(file.games)) refuse("it holds no list of games.");
    if (file.games.length > MAX_GAMES) refuse(`it holds more than ${MAX_GAMES.toLocaleString("en")} games.`);
    if (typeof file.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(file.sha256)) refuse("its checksum is missing or malformed.");
    const ids = await knownIds();
    const checked = file.games.map((game, i) => checkGame(game, ids, `game ${i + 1}`));
    if (new Set(checked.map((game) => game.uid)).size !== checked.length) refuse("two of its games have one uid.");
    if (await sha256(JSON.stringify(checked)) !== file.sha256) {
      refuse("it is damaged (its checksum does not match its games).");
    }
    return { games: checked, made };
  }

  const newUid = (taken) => {
    for (;;) {
      const uid = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
      if (!taken.has(uid) && !window.chaupalStore.has(uid)) return uid;
    }
  };

  // Merges a backup's text into this device's saved games: {added, present, made}. Everything is
  // checked first; the plan and the writing then run without a pause, so another tab cannot change
  // the store in between, and a full storage writes nothing (web/storage.js addAll).
  async function restore(text) {
    const { games: incoming, made } = await read(text);
    const codes = new Set(window.chaupalStore.list().map((entry) => entry.code));
    const adding = [];
    const taken = new Set();
    let present = 0;
    for (const game of incoming) {
      if (codes.has(game.code)) {
        present += 1;
        continue;
      }
      codes.add(game.code);
      if (!window.chaupalStore.has(game.uid) && !taken.has(game.uid)) {
        adding.push(game);
      } else {
        const suffix = ` (from the backup of ${day(made)})`;
        const name = (game.name || game.title).slice(0, MAX_CHARS.name - suffix.length) + suffix;
        adding.push({ ...game, uid: newUid(taken), name });
      }
      taken.add(adding[adding.length - 1].uid);
    }
    const problem = window.chaupalStore.addAll(adding);
    if (problem) throw new Error(problem);
    return { added: adding.length, present, made: made.toISOString() };
  }

  // The file's name: chaupal-games-<today>.json
  const fileName = () => `chaupal-games-${isoDay(new Date())}.json`;

  window.chaupalBackup = { make, restore, games, fileName, day, leftOut: 0, MAX_FILE_CHARS };
})();
