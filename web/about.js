// "About this edition" (the rules source, the data stand-ins and the house rules of one game) and
// "How to play" (howto.html: the goal, a turn, the screen): the same page for two texts of games.json.
(function () {
  "use strict";
  const id = new URLSearchParams(location.search).get("game");
  const howto = document.body.dataset.page === "howto";
  const heading = howto ? "How to play" : "About this edition";
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
