// "About this edition": the rules source, the data stand-ins and the house rules of one game.
(function () {
  "use strict";
  const id = new URLSearchParams(location.search).get("game");
  fetch("games.json")
    .then((response) => response.json())
    .then((data) => {
      const game = data.games.find((g) => g.id === id);
      const article = document.getElementById("rules");
      if (!game) {
        article.innerHTML = "<p>Choose a game on the <a href=\"./\">home page</a>.</p>";
      } else {
        document.getElementById("about-title").textContent = "About this edition: " + game.title;
        document.title = game.title + " · About this edition · Chaupal";
        // The text is the game's own `about` HTML, written in the engine (trusted, not user input).
        article.innerHTML = game.about;
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
