/* The index: each puzzle's best time and whether it is under way, from this browser's storage. */
(function () {
  "use strict";
  let all = {};
  try { all = JSON.parse(localStorage.getItem("puzzlepress")) || {}; } catch (e) { /* no storage */ }
  const clock = (t) => Math.floor(t / 60) + ":" + String(t % 60).padStart(2, "0");
  document.querySelectorAll("[data-id]").forEach((link) => {
    const id = link.dataset.id, best = (all.best || {})[id], open = (all.boards || {})[id];
    const note = link.querySelector(".best");
    note.textContent = best != null ? "Best " + clock(best) : open ? "Under way" : "";
  });
})();
