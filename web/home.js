// The home page: the games (from games.json, written by build.py), the new-game dialog and the
// saved games of this device. It runs without Python, so it opens at once.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const make = (tag, text, attrs) => {
    const node = document.createElement(tag);
    if (text) node.textContent = text;
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    return node;
  };
  const showError = (message) => {
    $("alert").hidden = false;
    $("alert").textContent = message;
  };
  const showNotice = (message) => {
    $("notice").hidden = false;
    $("notice").textContent = message;
  };
  let games = [];

  function renderGames() {
    const list = $("games");
    list.replaceChildren();
    for (const game of games) {
      const card = make("li", "", { class: "card", "data-game": game.id });
      // the board as the engine draws it (build.py): a static picture, loaded when it nears the screen
      if (game.picture) {
        card.append(make("img", "", { class: "card-picture", src: game.picture.src, alt: "The board of " + game.title,
          width: String(game.picture.width), height: String(game.picture.height), loading: "lazy", decoding: "async" }));
      }
      card.append(make("h3", game.title));
      const facts = make("p", "", { class: "facts" });
      if (game.players) facts.append(make("span", game.players, { class: "players" }));
      if (game.length) facts.append(make("span", game.length, { class: "length" }));
      if (facts.childElementCount) card.append(facts);
      card.append(make("p", game.blurb, { class: "quiet" }));
      const row = make("div", "", { class: "buttons" });
      const start = make("button", "New game", { type: "button", "data-game": game.id,
        "aria-label": "New game of " + game.title });
      start.addEventListener("click", () => openDialog(game));
      row.append(start, make("a", "How to play", { href: "howto.html?game=" + game.id }),
        make("a", "About this edition", { href: "about.html?game=" + game.id, class: "quiet" }));
      card.append(row);
      list.append(card);
    }
  }

  function openDialog(game) {
    $("new-game-title").textContent = "New game: " + game.title;
    const seats = $("seats");
    const renderSeats = (roles) => {
      seats.replaceChildren(make("legend", "Seats"));
      roles.forEach((role, index) => {
        const id = "seat-" + index;
        const label = make("label", role, { for: id });
        const select = make("select", "", { id, "data-role": role });
        select.append(make("option", "Human", { value: "human" }));
        for (const bot of game.bots) select.append(make("option", "Bot: " + bot.name, { value: String(bot.level) }));
        // By default the first seat is a human and the others are the strongest-but-one bot.
        const levels = game.bots.map((b) => b.level);
        if (index > 0) select.value = String(levels[Math.max(0, levels.length - 2)]);
        if (game.bots.some((b) => b.about)) select.setAttribute("aria-describedby", "bot-levels");
        seats.append(make("div", "", { class: "field" }));
        seats.lastChild.append(label, select);
      });
      // What each level does and how strong it measured, once for every seat
      const levels = make("ul", "", { id: "bot-levels", class: "quiet small levels" });
      for (const bot of game.bots) {
        if (!bot.about) continue;
        const item = make("li", "");
        item.append(make("b", bot.name + ": "), bot.about);
        levels.append(item);
      }
      if (levels.childElementCount) seats.append(levels);
    };
    renderSeats(game.roles);
    const options = $("options");
    options.replaceChildren(make("legend", "Options"));
    const count = $("player-count");  // the options that set the seats come before them
    count.replaceChildren();
    const seatKeys = game.roles_by ? game.roles_by.keys : [];
    const setsSeats = (opt) => seatKeys.includes(opt.key);
    const valueOf = (key) => {
      const opt = game.options.find((o) => o.key === key);
      return opt.choices[Number($("option-" + key).value)][0];
    };
    const followSeats = () => renderSeats(game.roles_by.roles[JSON.stringify(seatKeys.map(valueOf))]);
    // An option is offered only while the options it depends on allow it (Option.when): Rani Abbakka
    // fixes the time of day, for example. A hidden option plays its default.
    const applies = (opt) => (opt.when || []).every(([key, values]) =>
      values.some((v) => JSON.stringify(v) === JSON.stringify(valueOf(key))));
    const followWhen = () => {
      for (const opt of game.options) $("option-" + opt.key).closest(".field").hidden = !applies(opt);
      options.hidden = ![...options.querySelectorAll(".field")].some((f) => !f.hidden);
    };
    for (const opt of game.options) {
      const id = "option-" + opt.key;
      const select = make("select", "", { id, "data-key": opt.key });
      opt.choices.forEach(([value, label], i) => {
        const option = make("option", label, { value: String(i) });
        if (JSON.stringify(value) === JSON.stringify(opt.default)) option.selected = true;
        select.append(option);
      });
      const field = make("div", "", { class: "field" });
      field.append(make("label", opt.label, { for: id }), select);
      if (opt.help) field.append(make("p", opt.help, { class: "quiet small" }));
      (setsSeats(opt) ? count : options).append(field);
      if (setsSeats(opt)) select.addEventListener("change", followSeats);  // e.g. the number of players
      select.addEventListener("change", followWhen);
    }
    followWhen();
    $("new-game-form").onsubmit = (event) => {
      event.preventDefault();
      const spec = {
        game: game.id,
        seats: [...seats.querySelectorAll("select")].map((s) =>
          [s.dataset.role, s.value === "human" ? null : Number(s.value)]),
        options: Object.fromEntries(game.options.map((opt) =>
          [opt.key, applies(opt) ? valueOf(opt.key) : opt.default])),
      };
      location.href = "play.html?new=" + encodeURIComponent(JSON.stringify(spec));
    };
    $("cancel-new").onclick = () => $("new-game").close();
    $("new-game").showModal();
  }

  // A modal dialog of a form with method="dialog": `then` gets the value of the button that closed
  // it, "" after Escape.
  function ask(dialog, then) {
    dialog.returnValue = "";
    dialog.addEventListener("close", () => then(dialog.returnValue), { once: true });
    dialog.showModal();
  }

  // Back to the saved game's button after a dialog (the list may have been redrawn meanwhile), or
  // to the list's heading when the game is gone.
  function refocus(uid, text) {
    const row = [...$("saves").children].find((item) => item.dataset.uid === uid);
    const back = row && [...row.querySelectorAll("button")].find((b) => b.textContent === text);
    (back || $("saves-head")).focus();
  }

  function renderSaves() {
    const list = $("saves");
    list.replaceChildren();
    const entries = window.chaupalStore.list();
    $("no-saves").hidden = entries.length > 0;
    $("backup").hidden = entries.length === 0;
    renderStorage();
    for (const entry of entries) {
      const item = make("li", "", { class: "save", "data-uid": entry.uid });
      const when = new Date(entry.updated || 0).toLocaleString();
      const title = make("a", entry.name || entry.title, { href: "play.html#" + entry.code, class: "save-name" });
      item.append(title, make("span", `${entry.title} · ${entry.status || ""} · ${when}`, { class: "quiet small" }));
      const row = make("div", "", { class: "buttons" });
      const button = (text, handler) => {
        const b = make("button", text, { type: "button", "aria-label": `${text} ${entry.name || entry.title}` });
        b.addEventListener("click", handler);
        row.append(b);
      };
      button("Continue", () => { location.href = "play.html#" + entry.code; });
      button("Rename", () => {
        $("rename-name").value = entry.name || entry.title;
        ask($("rename-dialog"), (answer) => {
          const name = $("rename-name").value.trim();
          if (answer === "rename" && name) {
            window.chaupalStore.rename(entry.uid, name);
            renderSaves();
          }
          refocus(entry.uid, "Rename");
        });
        $("rename-name").select();
      });
      button("Share", async () => {
        const link = new URL("play.html#" + entry.link, location.href).href;
        // the system's share sheet where the browser has one (web/share.js); closed without sharing,
        // nothing more; where it fails, the link goes to the clipboard as without one
        const data = { title: `${entry.title} · Chaupal`, url: link };
        if (window.chaupalShare.canShareSheet(data) && await window.chaupalShare.shareSheet(data) !== "failed") {
          return;
        }
        try {
          await navigator.clipboard.writeText(link);
          showNotice("Link copied to the clipboard.");
        } catch (err) {  // refused: the link, selected, to copy by hand
          $("share-link").value = link;
          ask($("share-dialog"), () => refocus(entry.uid, "Share"));
          $("share-link").select();
        }
      });
      button("Delete", () => {
        $("delete-text").textContent = `"${entry.name || entry.title}" will be removed from this device ` +
          "(a link you shared still opens the game).";
        ask($("delete-dialog"), (answer) => {
          if (answer === "delete") {
            window.chaupalStore.remove(entry.uid);
            renderSaves();
          }
          refocus(entry.uid, "Delete");
        });
      });
      item.append(row);
      list.append(item);
    }
  }

  const plural = (n, one) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;
  // bytes in the units a browser's settings use (1 KB = 1000 bytes): "1.2 MB"
  const size = (bytes) => {
    const units = ["KB", "MB", "GB", "TB"];
    if (bytes < 1000) return plural(Math.round(bytes), "byte").replace(" ", "\u00a0");
    let value = bytes / 1000, unit = 0;
    while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
    return `${value.toFixed(1)}\u00a0${units[unit]}`;  // the figure and its unit on one line
  };

  // Whether this browser promised to keep the site's storage, and how much of its room is used.
  // Where it cannot tell, the page says so, and shows no figures.
  async function renderStorage() {
    const storage = navigator.storage;
    const kept = $("storage-kept"), used = $("storage-used");
    let persisted = null;
    try {
      if (storage && typeof storage.persisted === "function") persisted = await storage.persisted() === true;
    } catch (err) { /* cannot tell */ }
    kept.dataset.persisted = String(persisted);
    kept.textContent = persisted === true
      ? "This browser keeps the saved games until you delete them (it granted this site persistent storage)."
      : persisted === false
        ? "This browser may delete the saved games of a site left unvisited for a week, or when space " +
          "runs short: add it to the home screen, or back up."
        : "This browser does not say whether it keeps the saved games: back up now and then.";
    let estimate = null;
    try {
      if (storage && typeof storage.estimate === "function") estimate = await storage.estimate();
    } catch (err) { /* no figures */ }
    const known = estimate && Number.isFinite(estimate.usage) && Number.isFinite(estimate.quota) && estimate.quota > 0;
    used.hidden = !known;
    // Chromium leaves localStorage, where the games are, out of the estimate: their own size beside it
    const saves = window.chaupalStore.chars();
    if (known) {
      used.textContent = `Storage: ${size(estimate.usage)} used of ${size(estimate.quota)}` +
        (saves ? ` · saved games: ${size(saves)}` : "");
    }
  }

  // What a backup or a restore did, or why it did not, under their buttons; "" clears it.
  const tell = (message, problem) => {
    $("keeping-notice").hidden = !message || problem;
    $("keeping-alert").hidden = !message || !problem;
    if (message) $(problem ? "keeping-alert" : "keeping-notice").textContent = message;
  };

  // The backup file: through the share sheet on a phone whose browser shares files (closed without
  // sharing, nothing more), else downloaded.
  async function backUp() {
    tell("");
    let text;
    try {
      text = await window.chaupalBackup.make();
    } catch (err) {
      tell(err.message, true);
      return;
    }
    const name = window.chaupalBackup.fileName();
    const file = new File([text], name, { type: "application/json" });
    const data = { files: [file], title: "Chaupal saved games" };
    const left = window.chaupalBackup.leftOut;
    if (left) tell(`${plural(left, "damaged saved game")} could not be backed up.`, true);
    if (matchMedia("(pointer: coarse)").matches && typeof navigator.canShare === "function" &&
        window.chaupalShare.canShareSheet(data) && await window.chaupalShare.shareSheet(data) !== "failed") {
      return;
    }
    const url = URL.createObjectURL(file);
    const link = make("a", "", { href: url, download: name, hidden: "" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);  // the download has started long before
  }

  async function restoreFile(file) {
    tell("");
    try {
      if (file.size > window.chaupalBackup.MAX_FILE_CHARS * 3) {  // a UTF-8 character is at most 3 bytes here
        throw new Error("This file cannot be restored: it is too large to be a backup of Chaupal's games. Nothing was changed.");
      }
      const result = await window.chaupalBackup.restore(await file.text());
      const from = "the backup of " + window.chaupalBackup.day(new Date(result.made));
      tell(result.added
        ? `Restored ${from}: ${plural(result.added, "game")} added` +
          (result.present ? `, ${result.present.toLocaleString("en")} already on this device.` : ".")
        : `Nothing to add from ${from}: ${result.present ? `its ${plural(result.present, "game")} ` +
          (result.present === 1 ? "is" : "are") + " already on this device." : "it holds no games."}`);
    } catch (err) {
      tell(err.message, true);
    }
    renderSaves();
  }

  // another tab saved, restored or deleted a game: the list follows, once for a restore's many entries
  let redraw = 0;
  window.addEventListener("storage", (event) => {
    if (!redraw && (event.key === null || event.key.startsWith(window.chaupalStore.prefix))) {
      redraw = setTimeout(() => { redraw = 0; renderSaves(); });
    }
  });
  $("backup").addEventListener("click", backUp);
  $("restore").addEventListener("click", () => $("restore-file").click());
  $("restore-file").addEventListener("change", () => {
    const file = $("restore-file").files[0];
    $("restore-file").value = "";  // the same file can be chosen again
    if (file) restoreFile(file);
  });

  window.chaupalBackup.games()
    .then((data) => {
      games = data.games;
      renderGames();
      renderSaves();
      document.body.dataset.ready = "true";
    })
    .catch((err) => {
      showError("The list of games could not be loaded (" + err.message + "). Reload the page.");
      renderSaves();
      document.body.dataset.ready = "true";
    });
})();
