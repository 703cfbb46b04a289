// "About this edition" (the rules source, the data stand-ins, the house rules and the computer players
// of one game) and "How to play" (howto.html: the goal, a turn, the screen): the same page for two
// texts of games.json.
(function () {
  "use strict";
  const id = new URLSearchParams(location.search).get("game");
  const howto = document.body.dataset.page === "howto";
  const heading = howto ? "How to play" : "About this edition";
  function escapeText(text) {
    const span = document.createElement("span");
    span.textContent = text;
    return span.innerHTML;
  }
  fetch("games.json")
    .then((response) => response.json())
    .then((data) => {
      const game = data.games.find((g) => g.id === id);
      const article = document.getElementById("rules");
      if (!game) {
        article.innerHTML = "<p>Choose a game on the <a href=\"./\">home page</a>.</p>";
      } else {
        document.getElementById("about-title").textContent = heading + ": " + game.title;
        document.title = game.title + " · " + heading + " · Chaupal";
        // The text is the game's own HTML, written in the engine (trusted, not user input).
        article.innerHTML = howto ? game.howto : game.about;
        if (!howto && game.bots && game.bots.some((b) => b.about)) {
          // each level as the new-game dialog describes it, with its measured strength: written once,
          // in the engine's bot levels, so that this page and the dialog cannot disagree
          const parts = ["<section class=\"computer-players\" aria-labelledby=\"levels-title\">",
            "<h2 id=\"levels-title\">Computer players</h2>",
            "<p>What each level does, and how strong it is measured to be in bot-against-bot matches.</p><ul>"];
          for (const bot of game.bots) {
            if (bot.about) parts.push("<li><b>" + escapeText(bot.name) + ":</b> " + escapeText(bot.about) + "</li>");
          }
          article.insertAdjacentHTML("beforeend", parts.join("") + "</ul></section>");
        }
        if (howto && game.reference && game.reference.length) {
          // the rules at hand: the game page's prompt links to one of these by its anchor
          const parts = ["<section class=\"reference\"><h2>Rules reference</h2>",
            "<p>Each step of the game names the rule that governs it; here it is in short, in our words.</p>"];
          for (const [anchor, key, title, html] of game.reference) {
            const name = /^[0-9]/.test(key) ? key + " " + title : title;
            parts.push("<section id=\"" + anchor + "\" tabindex=\"-1\"><h3>" + escapeText(name) + "</h3>" + html + "</section>");
          }
          article.insertAdjacentHTML("beforeend", parts.join("") + "</section>");
          const wanted = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
          if (wanted) {  // the text arrived after the browser looked for the anchor: go there now
            wanted.scrollIntoView();
            wanted.focus({preventScroll: true});
          }
        }
        const other = document.getElementById("other-page");
        other.href = (howto ? "about.html" : "howto.html") + "?game=" + encodeURIComponent(game.id);
        other.hidden = false;
      }
      document.body.dataset.ready = "true";
    })
    .catch((err) => {
      const box = document.getElementById("alert");
      box.hidden = false;
      box.textContent = "This page could not be loaded (" + err.message + ").";
      document.body.dataset.ready = "true";
    });
})();
