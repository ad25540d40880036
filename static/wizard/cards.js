// Wizard's card picker (templates/wizard/tools/_cards.html), enhanced: a tapped card joins the
// trick at once, and "Take back the last card" takes the last one off the line, without a page
// load; tools.js then asks the server for the answer, as for any change of the form. Without this
// script each tap is sent with the form, and the link is the same address without the last card.
(function () {
  "use strict";
  // The pieces of a typed line as engine/wizard/site/typed.py reads them (PIECE): a suit or a
  // name with its number, a number alone, anything else up to a separator.
  var PIECE = /([♥♦♣♠♡♢♧♤]|[\p{L}\p{M}]+)\s*(\d+)?|(\d+)|([^\s.,;:/+]+)/gu;

  function withoutLast(text) {
    var last = null, m;
    PIECE.lastIndex = 0;
    while ((m = PIECE.exec(text)) !== null) last = m;
    return last ? text.slice(0, last.index).replace(/[\s.,;:/+]+$/, "") : "";
  }

  document.querySelectorAll("[data-card-picker]").forEach(function (picker) {
    var line = picker.querySelector("[data-typed]");
    var undo = picker.querySelector("[data-card-undo]");
    function changed() {
      undo.hidden = line.value.trim() === "";
    }
    picker.addEventListener("change", function (event) {
      var input = event.target;
      if (input.name !== "add" || !input.checked) return;
      var text = line.value.trim();
      line.value = (text ? text + " " : "") + input.getAttribute("data-typed-as");
      input.checked = false;  // the next tap adds a card again; the form sends the line (tools.js)
      changed();
    });
    line.addEventListener("input", changed);
    undo.addEventListener("click", function (event) {
      event.preventDefault();
      line.value = withoutLast(line.value);
      changed();
      line.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });
})();
