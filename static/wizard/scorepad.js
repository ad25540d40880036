// Wizard score pad, enhanced. The game lives in the page address (?s=...), which the server
// replays and checks on every request; this script adds, in the browser only:
// - entries without a full page load (back and forward still step through the game),
// - running sums while you enter bids or tricks (and the variant's warning),
// - the game kept in localStorage, so the empty pad offers to continue it,
// - without a connection, the whole pad on the device: the engine's arithmetic mirrored in
//   scorepad-rules.js (checked against the engine in tests/test_scorepad_js.py), the page drawn
//   as the server draws it, in the words the server gave (data-words).
// Without this script every step is a plain GET form and the address alone keeps the game.
(function () {
  "use strict";
  var pad = document.getElementById("scorepad");
  if (!pad) return;
  var KEY = "rules-at-the-table/wizard-scorepad";
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }

  function remember() {
    if (!store) return;
    var state = pad.getAttribute("data-state");
    try {
      if (state) {
        store.setItem(KEY, JSON.stringify({ s: state, over: pad.getAttribute("data-over") === "yes" }));
      }
    } catch (e) { /* private mode: the address still keeps the game */ }
  }

  function offerResume() {
    var offer = pad.querySelector("[data-resume]");
    if (!offer || !store) return;
    var saved = null;
    try { saved = JSON.parse(store.getItem(KEY) || "null"); } catch (e) { saved = null; }
    if (!saved || !saved.s || saved.over) return;
    var link = offer.querySelector("[data-resume-link]");
    link.href = link.getAttribute("href").split("?")[0] + "?s=" + encodeURIComponent(saved.s);
    offer.hidden = false;
  }

  function sums() {
    pad.querySelectorAll("form[data-sum-template]").forEach(function (form) {
      var out = form.querySelector("[data-sum]");
      var selects = form.querySelectorAll("select[data-count]");
      var cards = parseInt(form.getAttribute("data-cards"), 10);
      function show() {
        var sum = 0, filled = 0;
        selects.forEach(function (s) {
          if (s.value !== "") { sum += parseInt(s.value, 10); filled += 1; }
        });
        var text = form.getAttribute("data-sum-template").replace("{sum}", sum).replace("{cards}", cards);
        var warn = form.getAttribute("data-variant") === "yes" && filled === selects.length && sum === cards;
        if (warn) text += " " + form.getAttribute("data-variant-warning");
        out.textContent = text;
        out.classList.toggle("warn", warn);
      }
      form.addEventListener("change", show);
      show();
    });
  }

  function playerFields() {
    var count = pad.querySelector("select[data-players]");
    if (!count) return;
    function sync() {
      var n = parseInt(count.value, 10);
      pad.querySelectorAll(".name-row[data-seat]").forEach(function (row) {
        row.hidden = parseInt(row.getAttribute("data-seat"), 10) > n;
      });
      var dealer = pad.querySelector("select[name='dealer']");
      if (dealer) {
        Array.prototype.forEach.call(dealer.options, function (o) { o.hidden = parseInt(o.value, 10) > n; });
        if (parseInt(dealer.value, 10) > n) dealer.value = "1";
      }
    }
    count.addEventListener("change", sync);
    sync();
  }

  function focusEntry() {
    var first = pad.querySelector("form[data-pad] select, form[data-pad] input[type='text']");
    if (first) first.focus();
    else {
      var status = pad.querySelector("[data-status]");
      if (status) { status.setAttribute("tabindex", "-1"); status.focus(); }
    }
  }

  function setUp() {
    remember();
    offerResume();
    sums();
    playerFields();
  }

  function swap(doc) {
    var fresh = doc.getElementById("scorepad");
    if (!fresh) return false;
    pad.innerHTML = fresh.innerHTML;
    pad.setAttribute("data-state", fresh.getAttribute("data-state") || "");
    pad.setAttribute("data-over", fresh.getAttribute("data-over") || "");
    var langs = doc.querySelector("nav.languages");
    var here = document.querySelector("nav.languages");
    if (langs && here) here.innerHTML = langs.innerHTML;
    if (doc.title) document.title = doc.title;
    return true;
  }

  function load(url, push) {
    if (!window.fetch || !window.DOMParser) { window.location.href = url; return; }
    if (navigator.onLine === false && local(url, push)) return;
    pad.setAttribute("aria-busy", "true");
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { return { response: response, text: text }; });
      })
      .then(function (got) {
        if (got.response.headers.get("X-Offline-Fallback")) {  // offline: the service worker stood in
          pad.removeAttribute("aria-busy");
          if (!local(url, push)) window.location.href = url;
          return;
        }
        var doc = new DOMParser().parseFromString(got.text, "text/html");
        if (!swap(doc)) { window.location.href = url; return; }
        pad.removeAttribute("aria-busy");
        // A refused entry is shown but not added to the history: the address keeps the game.
        if (push && got.response.ok && window.history && history.pushState) {
          history.pushState(null, "", got.response.url);
        }
        setUp();
        focusEntry();
      })
      .catch(function () {
        pad.removeAttribute("aria-busy");
        if (!local(url, push)) window.location.href = url;
      });
  }

  // --- the pad on the device (offline) -----------------------------------------------------------
  var R = window.WizardPad;
  var W = null;
  try { W = JSON.parse(pad.getAttribute("data-words") || "null"); } catch (e) { W = null; }

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }
  function plural(forms, n) {
    var category = "other";
    try { category = new Intl.PluralRules(W.lang).select(n); } catch (e) { category = "other"; }
    return fill(forms[category] || forms.other || forms[Object.keys(forms)[0]], { num: n });
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (attrs[k] === true) node.setAttribute(k, "");
      else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    });
    return node;
  }
  function padUrl(state) { return W.url + "?" + new URLSearchParams({ s: state }).toString(); }
  function nameOf(p, seat) { return p.names[seat] || fill(W.player, { num: seat + 1 }); }
  function ruleLink(key, label) {
    var ref = W.rules[key];
    if (!ref) return null;
    return el("p", { "class": "rule-applied" }, [el("span", { "class": "rule-label" }, [label || W.rule]), " ",
      el("a", { "class": "rule-link", href: ref.url, "data-rule": ref.id }, [el("span", { "class": "rule-title" }, [ref.title])])]);
  }
  function errorBox(error) {
    return el("div", { "class": "tool-error", role: "alert", "data-error": error.code }, [
      el("p", {}, [el("strong", {}, [W.cannot]), " " + error.message]),
      error.rule ? ruleLink(error.rule, W.rule) : null]);
  }
  function ruleKey(id) {
    return Object.keys(W.rules).filter(function (k) { return W.rules[k].id === id; })[0];
  }
  function refusal(p, round, refused) {
    var text = fill(W.violations[refused.code] || refused.code, refused.params);
    if (refused.code === "bids-equal-tricks") text = fill(W.dealer_bids_last, { name: nameOf(p, R.dealerOf(p, round)), rule: text });
    return { code: refused.code, message: text, rule: ruleKey(refused.rule) };
  }

  function entryForm(p, kind, r, values) {
    var prefix = kind === "bids" ? "b" : "t";
    var bids = kind === "tricks" ? p.rounds[p.rounds.length - 1].bids : null;
    var dealer = R.dealerOf(p, r);
    var rows = R.bidOrder(p, r).map(function (seat) {
      var options = [el("option", { value: "" }, ["—"])];
      for (var n = 0; n <= r; n++) {
        options.push(el("option", { value: n, selected: values && values[seat] === n }, [String(n)]));
      }
      var tag = kind === "bids" ? (seat === dealer ? el("span", { "class": "tag" }, [W.deals]) : null)
                                : el("span", { "class": "tag" }, [fill(W.bid_n, { num: bids[seat] })]);
      return el("div", { "class": "pad-row" }, [
        el("label", { "for": prefix + (seat + 1) }, [nameOf(p, seat), tag ? " " : null, tag]),
        el("select", { id: prefix + (seat + 1), name: prefix + (seat + 1), required: true, "data-count": true }, options)]);
    });
    return el("form", { "class": "tool-form pad-entry", method: "get", action: W.url, "data-pad": true,
      "data-sum-template": kind === "bids" ? W.bids_sum : W.tricks_sum, "data-cards": r,
      "data-variant": kind === "bids" && p.variant ? "yes" : "", "data-variant-warning": W.variant_warning }, [
      el("input", { type: "hidden", name: "s", value: R.encode(p) }),
      el("fieldset", {}, [el("legend", {}, [fill(kind === "bids" ? W.bids_for : W.tricks_in, { round: r })])].concat(rows)),
      el("p", { "class": "pad-sum", "data-sum": true, "aria-live": "polite" }),
      el("div", { "class": "tool-submit" }, [el("button", { type: "submit" }, [kind === "bids" ? W.save_bids : W.save_tricks])])]);
  }

  function draw(p, error, values) {
    var step = R.step(p), r = R.currentRound(p), table = R.table(p);
    var names = []; for (var s = 0; s < p.players; s++) names.push(nameOf(p, s));
    var parts = [el("p", { "class": "notice", "data-pad-offline": true }, [W.offline])];
    var status = el("div", { "class": "pad-status" }, step === "over" ? [el("h2", { "data-status": true }, [W.game_over])] : [
      el("h2", { "data-status": true, "data-round": r }, [fill(W.round_of, { round: r, rounds: R.roundsFor(p.players) }) +
        " · " + plural(W.cards_each, r)]),
      el("p", { "class": "meta" }, [fill(W.deals_first, { dealer: names[R.dealerOf(p, r)], first: names[R.bidOrder(p, r)[0]] })])]);
    if (p.variant && W.rules.variant) {
      status.appendChild(el("p", { "class": "variant-note" }, [W.variant_note + " ",
        el("a", { href: W.rules.variant.url }, [W.rules.variant.title])]));
    }
    parts.push(status);
    if (error) parts.push(errorBox(error));
    if (step === "bids" || step === "tricks") parts.push(entryForm(p, step, r, values));
    if (table.ranking) {
      parts.push(el("section", { "class": "pad-ranking", "aria-labelledby": "ranking-title" }, [
        el("h2", { id: "ranking-title" }, [W.final_ranking]),
        el("ol", { "class": "ranking", "data-ranking": true }, table.ranking.places.map(function (place) {
          var badge = place.rank === 1 ? el("span", { "class": "badge ok" }, [place.shared ? W.shared_win : W.wins])
            : place.shared ? el("span", { "class": "badge" }, [W.shared_place]) : null;
          return el("li", { "data-rank": place.rank, "data-seat": place.seat }, [
            el("span", { "class": "place" }, [place.rank + "."]), " ", el("span", { "class": "who" }, [names[place.seat]]), " ",
            el("span", { "class": "points" }, [plural(W.points, place.total)]), badge ? " " : null, badge]);
        })),
        ruleLink("winner")]));
    }
    if (table.rows.length) {
      parts.push(el("div", { "class": "table-wrap" }, [el("table", { "class": "pad-table", "data-table": true }, [
        el("caption", {}, [W.caption]),
        el("thead", {}, [el("tr", {}, [el("th", { scope: "col" }, [W.round])].concat(names.map(function (n) {
          return el("th", { scope: "col" }, [n]);
        })))]),
        el("tbody", {}, table.rows.map(function (row) {
          return el("tr", { "data-round": row.round }, [el("th", { scope: "row" }, [String(row.round)])].concat(row.cells.map(function (cell) {
            var rule = cell.points === null ? null : W.rules[cell.reason];
            return el("td", { "class": cell.points === null ? "pending" : (cell.made ? "made" : "missed") }, [
              el("span", { "class": "bt" }, [cell.bid + (cell.tricks !== null ? "/" + cell.tricks : "")]),
              rule ? " " : null,
              rule ? el("a", { "class": "pts", href: rule.url, title: fill(W.reasons[cell.reason], cell.params) }, [
                (cell.points > 0 ? "+" : "") + cell.points, el("span", { "class": "visually-hidden" }, [" (" + rule.title + ")"])]) : null,
              rule ? " " : null,
              rule ? el("span", { "class": "run" }, [String(cell.total)]) : null]);
          })));
        })),
        el("tfoot", {}, [el("tr", {}, [el("th", { scope: "row" }, [W.total])].concat(table.totals.map(function (t, i) {
          return el("td", { "data-total": i }, [String(t)]);
        })))])])]));
    }
    if (table.last) {
      parts.push(el("section", { "class": "pad-last", "aria-labelledby": "last-title" }, [
        el("h3", { id: "last-title" }, [fill(W.round_scored, { round: table.last.round })]),
        el("ul", {}, table.last.cells.map(function (cell, seat) {
          var rule = W.rules[cell.reason];
          return el("li", { "class": cell.made ? "made" : "missed", "data-seat": seat }, [
            el("strong", {}, [names[seat]]), ": " + fill(W.reasons[cell.reason], cell.params) + " ",
            el("a", { "class": "rule-link", href: rule.url, "data-rule": rule.id }, [el("span", { "class": "rule-title" }, [rule.title])])]);
        }))]));
    }
    var undo = p.rounds.length ? undone(p) : null;
    parts.push(el("p", { "class": "pad-actions" }, [
      undo ? el("a", { "class": "button secondary", href: padUrl(R.encode(undo)), "data-pad-link": true }, [W.undo]) : null,
      undo ? " " : null,
      el("a", { "class": "button secondary", href: W.url, "data-pad-new": true }, [W.new_game])]));
    pad.replaceChildren.apply(pad, parts);
    pad.setAttribute("data-state", R.encode(p));
    pad.setAttribute("data-over", step === "over" ? "yes" : "");
  }

  function undone(p) {
    var rounds = p.rounds.map(function (r) { return { bids: r.bids, tricks: r.tricks }; });
    var last = rounds.pop();
    if (last.tricks) rounds.push({ bids: last.bids, tricks: null });
    return { players: p.players, variant: p.variant, first: p.first, names: p.names, rounds: rounds };
  }

  function numbers(params, prefix, p) {
    var out = [];
    for (var seat = 0; seat < p.players; seat++) {
      var raw = (params.get(prefix + (seat + 1)) || "").trim();
      if (!/^[0-9]{1,2}$/.test(raw)) return { error: { code: "missing-number", message: fill(W.missing, { name: nameOf(p, seat) }) } };
      out.push(parseInt(raw, 10));
    }
    return { values: out };
  }

  // The server's answer to an address of the pad, worked out here; false when it cannot be.
  function local(url, push) {
    if (!R || !W || !window.URLSearchParams || !window.history) return false;
    var params = new URL(url, window.location.href).searchParams;
    var state = params.get("s") || "";
    var p, error = null, values = null;
    if (!state) {
      if (!params.has("players")) return false;  // the empty pad: the page as it is
      var players = parseInt(params.get("players"), 10);
      if (!(players >= 3 && players <= 6)) return false;
      var dealer = parseInt(params.get("dealer") || "1", 10);
      if (!(dealer >= 1 && dealer <= players)) return false;
      var names = [];
      for (var i = 1; i <= players; i++) names.push(R.cleanName(params.get("n" + i) || ""));
      p = { players: players, variant: ["1", "on", "yes"].indexOf(params.get("variant")) >= 0, first: dealer - 1,
            names: names, rounds: [] };
    } else {
      var decoded = R.decode(state);
      if (decoded.error) {
        var problem = decoded.error.round ? " " + fill(W.round_problem, { round: decoded.error.round,
          problem: refusal(decoded.pad, decoded.error.round, decoded.error.problem).message }) : "";
        pad.replaceChildren(errorBox({ code: "bad-pad", message: W.bad_pad + problem }),
          el("p", { "class": "pad-actions" }, [el("a", { "class": "button secondary", href: W.url, "data-pad-new": true }, [W.new_game])]));
        pad.setAttribute("data-state", "");
        return true;
      }
      p = decoded.pad;
      var step = R.step(p), round = R.currentRound(p);
      var field = step === "bids" ? "b" : step === "tricks" ? "t" : null;
      var asked = field && Array.from(params.keys()).some(function (k) { return new RegExp("^" + field + "[1-6]$").test(k); });
      if (asked) {
        var got = numbers(params, field, p);
        if (got.error) error = got.error;
        else if (step === "bids") {
          values = got.values;
          var refused = R.checkBids(p.players, p.variant, R.dealerOf(p, round), round, got.values);
          if (refused) error = refusal(p, round, refused);
          else p.rounds.push({ bids: got.values, tricks: null });
        } else {
          values = got.values;
          var scored = R.scoreRound(p.rounds[round - 1].bids, got.values, round);
          if (scored.error) error = refusal(p, round, scored.error);
          else p.rounds[round - 1].tricks = got.values;
        }
        if (!error) values = null;
      }
    }
    draw(p, error, values);
    var address = padUrl(R.encode(p));
    if (window.history.pushState) {
      if (push && !error) history.pushState(null, "", address);
      else if (!push) history.replaceState(null, "", address);
    }
    languages(address);
    remember();
    offerResume();
    sums();
    focusEntry();
    return true;
  }

  // The language links follow the game, as the server's would.
  function languages(address) {
    var query = address.split("?")[1] || "";
    document.querySelectorAll("nav.languages a[href]").forEach(function (a) {
      a.setAttribute("href", a.getAttribute("href").split("?")[0] + (query ? "?" + query : ""));
    });
  }

  pad.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-pad]") || !window.URLSearchParams) return;
    event.preventDefault();
    var params = new URLSearchParams(new FormData(form));
    load(form.getAttribute("action").split("#")[0] + "?" + params.toString(), true);
  });

  pad.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-pad-link], a[data-pad-new]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link.hasAttribute("data-pad-new") && store) {
      try { store.removeItem(KEY); } catch (e) { /* nothing kept */ }
    }
    event.preventDefault();
    load(link.href, true);
  });

  window.addEventListener("popstate", function () { load(window.location.href, false); });

  setUp();
  // Offline, the service worker answers a pad's address with the empty pad: draw the game here.
  var asked = new URLSearchParams(window.location.search);
  if ((asked.get("s") || asked.has("players")) && !pad.getAttribute("data-state") && !pad.querySelector(".tool-error")) {
    local(window.location.href, false);
  }
})();
