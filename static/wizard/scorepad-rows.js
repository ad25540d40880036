// Wizard score pad: the rows of an entry form (templates/wizard/tools/score.html, and the same
// drawn offline by scorepad.js). One row per player in seating order, a chip per number (radio
// buttons); a tap moves on to the next player in bidding order who has no number yet, the running
// sum follows (with the variant's warning), and "Undo the last entry" takes back the last tap of
// this form before it steps back a round (scorepad.js calls form.wizardUndo()).
(function () {
  "use strict";
  window.WizardPadRows = function (pad) {
    pad.querySelectorAll("form[data-sum-template]").forEach(function (form) {
      var out = form.querySelector("[data-sum]");
      var list = Array.prototype.slice.call(form.querySelectorAll("[data-pad-row]")).sort(function (a, b) {
        return +a.getAttribute("data-turn") - +b.getAttribute("data-turn");
      });
      var cards = parseInt(form.getAttribute("data-cards"), 10);
      var taps = [];
      function chosen(row) { return row.querySelector("input:checked"); }
      function show() {
        var sum = 0, filled = 0;
        list.forEach(function (row) {
          var input = chosen(row);
          if (input) { sum += parseInt(input.value, 10); filled += 1; }
        });
        var text = form.getAttribute("data-sum-template").replace("{sum}", sum).replace("{cards}", cards);
        var warn = form.getAttribute("data-variant") === "yes" && filled === list.length && sum === cards;
        if (warn) text += " " + form.getAttribute("data-variant-warning");
        out.textContent = text;
        out.classList.toggle("warn", warn);
      }
      function current(row, focus) {
        list.forEach(function (r) { r.classList.toggle("current", r === row); });
        if (row && focus) (chosen(row) || row.querySelector("input")).focus({ preventScroll: true });
      }
      function next(from) {
        var start = from ? list.indexOf(from) + 1 : 0;
        for (var i = 0; i < list.length; i++) {
          var row = list[(start + i) % list.length];
          if (!chosen(row)) return row;
        }
        return null;
      }
      form.addEventListener("change", function (event) {
        var row = event.target.closest("[data-pad-row]");
        if (row) {
          taps = taps.filter(function (r) { return r !== row; });
          taps.push(row);
          current(next(row), true);
        }
        show();
      });
      form.wizardUndo = function () {  // false when nothing was tapped here: the link steps back
        var row = taps.pop();
        if (!row) return false;
        chosen(row).checked = false;
        current(row, true);
        show();
        return true;
      };
      current(next(null), false);
      show();
    });
  };
})();
