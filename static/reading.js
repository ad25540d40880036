// The reading pages' helpers: the FAQ filter, "keep this game offline" on a game's page, and
// the search of the kept questions on the offline page. Loaded after the page (site.js).
(function () {
  "use strict";

  // --- words: what the FAQ filter and the offline search compare -------------------------------
  function fold(text) {
    return String(text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC");
  }
  function words(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w.length > 0; });
  }
  // A word matches a text that holds it, or its stem (a Finnish case ending, a Korean particle).
  function stem(word) {
    if (/[\uac00-\ud7a3]/.test(word)) return word.length >= 2 ? word.slice(0, -1) : word;
    return word.length >= 5 ? word.slice(0, -2) : word;
  }
  function score(haystack, query) {
    var found = 0;
    query.forEach(function (w) {
      if (haystack.indexOf(w) >= 0) found += 2;
      else if (haystack.indexOf(stem(w)) >= 0) found += 1;
    });
    return found;
  }
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }

  // --- the FAQ filter ----------------------------------------------------------------------------------
  (function () {
    var box = document.querySelector("[data-faq-filter]");
    if (!box) return;
    var input = box.querySelector("input");
    var count = box.querySelector("[data-faq-filter-count]");
    var items = Array.prototype.slice.call(document.querySelectorAll("[data-faq-item]"));
    var texts = items.map(function (li) {
      var phrasings = [];
      try { phrasings = JSON.parse(li.getAttribute("data-phrasings") || "[]"); } catch (e) { phrasings = []; }
      return fold(li.querySelector("summary").textContent + " " + phrasings.join(" "));
    });
    box.hidden = false;
    function apply() {
      var query = words(input.value);
      var shown = 0;
      items.forEach(function (li, i) {
        var ok = !query.length || query.every(function (w) { return score(texts[i], [w]) > 0; });
        li.hidden = !ok;
        if (ok) shown += 1;
      });
      if (!query.length) count.textContent = "";
      else if (!shown) count.textContent = count.getAttribute("data-none");
      else count.textContent = fill(count.getAttribute("data-template"), { shown: shown, total: items.length });
    }
    input.addEventListener("input", apply);
    if (input.value) apply();
  })();

  // --- the search of the kept games, on the offline page ----------------------------------------------
  (function () {
    var box = document.querySelector("[data-offline-search]");
    if (!box) return;
    var results = box.querySelector("[data-offline-results]");
    var count = box.querySelector("[data-offline-count]");
    var kept = box.querySelector("[data-offline-kept]");
    var games = [];
    try { games = JSON.parse(box.getAttribute("data-games") || "[]"); } catch (e) { games = []; }
    var input = document.getElementById("top-q");
    var entries = [];
    var params = new URLSearchParams(window.location.search);
    if (input && params.get("q")) input.value = params.get("q");

    function render() {
      var query = words(input ? input.value : "");
      results.replaceChildren();
      if (!query.length) { count.textContent = ""; return; }
      var found = entries.map(function (e) {
        return { e: e, s: 2 * score(e.question, query) + score(e.rest, query) };
      }).filter(function (x) { return x.s > 0; });
      found.sort(function (a, b) { return b.s - a.s; });
      found = found.slice(0, 10);
      count.textContent = found.length ? fill(count.getAttribute("data-template"), { num: found.length })
                                       : count.getAttribute("data-none");
      found.forEach(function (x) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = x.e.url;
        a.textContent = x.e.q;
        li.appendChild(a);
        if (x.e.a) {
          var badge = document.createElement("span");
          badge.className = "answer-badge";
          badge.textContent = x.e.a;
          li.appendChild(document.createTextNode(" "));
          li.appendChild(badge);
        }
        var meta = document.createElement("span");
        meta.className = "meta";
        meta.textContent = " " + x.e.game;
        li.appendChild(meta);
        results.appendChild(li);
      });
    }

    if (!window.caches) return;
    Promise.all(games.map(function (g) {
      return caches.match(new URL(g.data, window.location.href).href, { ignoreVary: true })
        .then(function (r) { return r ? r.json() : null; })
        .then(function (data) {
          if (!data) return null;
          data.entries.forEach(function (e) {
            entries.push({ url: e.url, q: e.q, a: e.a, game: data.game, question: fold(e.q),
                           rest: fold(e.a + " " + (e.phrasings || []).join(" ")) });
          });
          return g.name;
        })
        .catch(function () { return null; });
    })).then(function (names) {
      names = names.filter(Boolean);
      kept.textContent = names.length ? fill(kept.getAttribute("data-template"), { games: names.join(", ") })
                                      : kept.getAttribute("data-none");
      render();
    });
    if (input) {
      input.addEventListener("input", render);
      input.form.addEventListener("submit", function (event) { event.preventDefault(); render(); });
    }
  })();

  // --- "keep this game offline" ---------------------------------------------------------------------
  if (!("serviceWorker" in navigator) || !window.caches || !window.MessageChannel) return;

  function ask(message, onReply) {
    return navigator.serviceWorker.ready.then(function (registration) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { onReply(event.data || {}); };
      registration.active.postMessage(message, [channel.port2]);
    });
  }

  (function () {
    var box = document.querySelector("[data-keep-offline]");
    if (!box) return;
    var keepButton = box.querySelector("[data-keep]");
    var forgetButton = box.querySelector("[data-forget]");
    var status = box.querySelector("[data-keep-status]");
    var list = new URL(box.getAttribute("data-list"), window.location.href).href;
    var cache = box.getAttribute("data-cache");
    function state(name, text) {
      box.setAttribute("data-state", name);
      if (text !== undefined) status.textContent = text;
      keepButton.disabled = name === "busy";
      forgetButton.hidden = name !== "kept";
    }
    box.hidden = false;
    caches.has(cache).then(function (has) {
      if (!has) return;
      return caches.open(cache).then(function (c) { return c.match(list); }).then(function (marker) {
        if (marker) state("kept", box.getAttribute("data-kept"));
      });
    });
    keepButton.addEventListener("click", function () {
      state("busy", fill(box.getAttribute("data-busy"), { done: 0, total: "…" }));
      ask({ type: "keep", list: list }, function (reply) {
        if (reply.type === "progress") {
          state("busy", fill(box.getAttribute("data-busy"), { done: reply.done, total: reply.total }));
        } else if (reply.type === "kept") {
          state("kept", box.getAttribute("data-kept"));
        } else {
          state("failed", box.getAttribute("data-failed"));
        }
      }).catch(function () { state("failed", box.getAttribute("data-failed")); });
    });
    forgetButton.addEventListener("click", function () {
      ask({ type: "forget", list: list }, function () { state("idle", box.getAttribute("data-forgotten")); });
    });
  })();
})();
