// Suggestions as you type: fills the search box's datalist from /api/v1/suggest.
// The page works without this script; it only saves typing.
(function () {
  var input = document.querySelector("input[data-suggest]");
  if (!input || !window.fetch) return;
  var list = document.getElementById(input.getAttribute("list"));
  var timer = null;
  var latest = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    var q = input.value.trim();
    if (q.length < 2) { list.replaceChildren(); return; }
    timer = setTimeout(function () {
      var ticket = ++latest;
      var url = input.dataset.suggest + "?lang=" + encodeURIComponent(input.dataset.lang) +
        "&q=" + encodeURIComponent(q);
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
        .then(function (data) {
          if (ticket !== latest) return;
          list.replaceChildren.apply(list, data.suggestions.map(function (s) {
            var option = document.createElement("option");
            option.value = s.title;
            return option;
          }));
        })
        .catch(function () { /* suggestions are optional */ });
    }, 150);
  });
})();
