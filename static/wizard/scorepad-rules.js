// Wizard's score pad arithmetic, mirrored from the engine (engine/wizard/rules.py, state.py)
// and the pad's address format (engine/wizard/site/scorepad.py), so that the pad keeps
// working without a connection. tests/test_scorepad_js.py runs it against the engine on
// hundreds of generated rounds and games. Errors are the engine's codes and parameters.
(function (root) {
  "use strict";
  var DECK = 60, MIN_PLAYERS = 3, MAX_PLAYERS = 6;
  var VERSION = "1", NAME_CHARS = 16, MAX_PAD = 600;
  var DIGITS = "0123456789abcdefghijk";
  var HEADER = /^([3-6])([vo])([0-5])$/;
  var ROUND = /^[0-9a-k]+$/;

  function isCount(v) { return typeof v === "number" && Math.floor(v) === v && isFinite(v); }
  function fail(code, params) { return { error: { code: code, params: params || {} } }; }

  function roundsFor(players) { return Math.floor(DECK / players); }

  function points(bid, won) { return bid === won ? 20 + 10 * won : -10 * Math.abs(bid - won); }

  // engine: score_details(bids, tricks, round_size)
  function scoreRound(bids, tricks, roundSize) {
    if (!Array.isArray(bids) || !Array.isArray(tricks)) return fail("not-a-list");
    if (bids.length !== tricks.length) return fail("bids-tricks-length", { bids: bids.length, tricks: tricks.length });
    var n = bids.length;
    if (n < MIN_PLAYERS || n > MAX_PLAYERS) return fail("bad-player-count", { players: n, min: MIN_PLAYERS, max: MAX_PLAYERS });
    var lists = [["bids", bids], ["tricks", tricks]];
    for (var l = 0; l < lists.length; l++) {
      for (var i = 0; i < n; i++) {
        var v = lists[l][1][i];
        if (!isCount(v)) return fail("not-a-number", { where: lists[l][0], value: String(v) });
        if (v < 0) return fail("negative-number", { where: lists[l][0], value: v });
      }
    }
    var total = tricks.reduce(function (a, b) { return a + b; }, 0);
    var most = Math.floor(DECK / n);
    if (roundSize !== undefined && roundSize !== null) {
      if (!isCount(roundSize)) return fail("not-a-number", { where: "round", value: String(roundSize) });
      if (roundSize < 0) return fail("negative-number", { where: "round", value: roundSize });
      if (roundSize < 1 || roundSize > most) return fail("bad-round", { round: roundSize, max: most });
      if (total !== roundSize) return fail("tricks-total", { total: total, round: roundSize });
    } else if (total < 1 || total > most) {
      return fail("tricks-total", { total: total, round: most });
    }
    var size = roundSize !== undefined && roundSize !== null ? roundSize : total;
    for (var b = 0; b < n; b++) {
      if (bids[b] > size) return fail("bid-too-high", { bid: bids[b], max: size });
    }
    return { details: bids.map(function (bid, p) {
      var won = tricks[p], made = bid === won, pts = points(bid, won);
      return { player: p, bid: bid, tricks: won, points: pts, made: made,
               rule: made ? "wizard.score.made" : "wizard.score.missed", reason: made ? "made" : "missed",
               params: { bid: bid, tricks: won, off: Math.abs(bid - won), points: pts } };
    }) };
  }

  // The bidding of one round, in bidding order from the dealer's left (engine: the guards of a
  // bid: its range, then in the variant the dealer's bid that makes the total the round).
  function checkBids(players, variant, dealer, round, bids) {
    var others = 0;
    for (var i = 0; i < players; i++) {
      var seat = (dealer + 1 + i) % players, bid = bids[seat];
      if (!(bid >= 0 && bid <= round)) {
        return { code: "bid-out-of-range", rule: "wizard.bid.announce", params: { bid: bid, max: round } };
      }
      if (variant && i === players - 1 && others + bid === round) {
        return { code: "bids-equal-tricks", rule: "wizard.bid.variant-total",
                 params: { bid: bid, others: others, round: round } };
      }
      others += bid;
    }
    return null;
  }

  // engine: ranking(totals): tied players share a place.
  function ranking(totals) {
    var top = Math.max.apply(null, totals);
    return {
      winners: totals.map(function (t, i) { return t === top ? i : -1; }).filter(function (i) { return i >= 0; }),
      ranks: totals.map(function (t) { return 1 + totals.filter(function (o) { return o > t; }).length; }),
      rule: "wizard.end.winner",
    };
  }

  function cleanName(raw) {
    var kept = Array.from(String(raw || "")).filter(function (ch) {
      return ch === " " || !/[\p{C}\p{Z}]/u.test(ch);
    }).filter(function (ch) { return ch !== "~"; }).join("");
    return Array.from(kept.split(" ").filter(Boolean).join(" ")).slice(0, NAME_CHARS).join("");
  }

  function dealerOf(pad, round) { return (pad.first + round - 1) % pad.players; }
  function bidOrder(pad, round) {
    var d = dealerOf(pad, round), out = [];
    for (var i = 0; i < pad.players; i++) out.push((d + 1 + i) % pad.players);
    return out;
  }
  function doneRounds(pad) { return pad.rounds.filter(function (r) { return r.tricks; }).length; }
  function step(pad) {
    var last = pad.rounds[pad.rounds.length - 1];
    if (last && !last.tricks) return "tricks";
    return doneRounds(pad) === roundsFor(pad.players) ? "over" : "bids";
  }
  function currentRound(pad) {
    return step(pad) === "tricks" ? pad.rounds.length : Math.min(pad.rounds.length + 1, roundsFor(pad.players));
  }

  function encode(pad) {
    var parts = [VERSION, String(pad.players) + (pad.variant ? "v" : "o") + String(pad.first)].concat(pad.names);
    pad.rounds.forEach(function (r) {
      parts.push(r.bids.map(function (b) { return DIGITS[b]; }).join("") +
                 (r.tricks ? r.tricks.map(function (t) { return DIGITS[t]; }).join("") : ""));
    });
    return parts.join("~");
  }

  // The pad of an address, each round replayed (engine: decode_pad). {pad} or {error: {round?, code, params}}.
  function decode(text) {
    var bad = { error: { code: "bad-pad", params: {} } };
    if (typeof text !== "string" || text.length > MAX_PAD) return bad;
    var parts = text.split("~");
    if (parts[0] !== VERSION || parts.length < 2) return bad;
    var m = HEADER.exec(parts[1]);
    if (!m) return bad;
    var players = +m[1], variant = m[2] === "v", first = +m[3];
    if (first >= players || parts.length < 2 + players) return bad;
    var pad = { players: players, variant: variant, first: first,
                names: parts.slice(2, 2 + players).map(cleanName), rounds: [] };
    var raw = parts.slice(2 + players);
    if (raw.length > roundsFor(players)) return bad;
    for (var i = 0; i < raw.length; i++) {
      if (!ROUND.test(raw[i]) || (raw[i].length !== players && raw[i].length !== 2 * players)) return bad;
      var digits = Array.from(raw[i]).map(function (c) { return DIGITS.indexOf(c); });
      var bids = digits.slice(0, players), tricks = digits.length > players ? digits.slice(players) : null;
      if (!tricks && i !== raw.length - 1) return bad;
      var round = i + 1;
      var refused = checkBids(players, variant, dealerOf(pad, round), round, bids);
      if (!refused && tricks) {
        var scored = scoreRound(bids, tricks, round);
        if (scored.error) refused = scored.error;
      }
      if (refused) return { error: { code: "bad-pad", round: round, problem: refused }, pad: pad };
      pad.rounds.push({ bids: bids, tricks: tricks });
    }
    return { pad: pad };
  }

  // Everything the pad shows: rows, running totals, the last round scored, the ranking.
  function table(pad) {
    var totals = [];
    for (var s = 0; s < pad.players; s++) totals.push(0);
    var rows = [], last = null;
    pad.rounds.forEach(function (r, i) {
      var details = r.tricks ? scoreRound(r.bids, r.tricks, i + 1).details : null;
      var cells = r.bids.map(function (bid, seat) {
        var cell = { bid: bid, tricks: null, points: null, total: null };
        if (details) {
          totals[seat] += details[seat].points;
          cell.tricks = details[seat].tricks;
          cell.points = details[seat].points;
          cell.total = totals[seat];
          cell.made = details[seat].made;
          cell.reason = details[seat].reason;
          cell.params = details[seat].params;
        }
        return cell;
      });
      rows.push({ round: i + 1, dealer: dealerOf(pad, i + 1), cells: cells });
      if (details) last = { round: i + 1, cells: cells };
    });
    var rank = null;
    if (step(pad) === "over") {
      var res = ranking(totals);
      var order = totals.map(function (t, i) { return i; }).sort(function (a, b) {
        return res.ranks[a] - res.ranks[b] || a - b;
      });
      rank = { winners: res.winners, places: order.map(function (seat) {
        return { seat: seat, rank: res.ranks[seat], total: totals[seat],
                 shared: res.ranks.filter(function (r) { return r === res.ranks[seat]; }).length > 1 };
      }) };
    }
    return { rows: rows, totals: totals, last: last, ranking: rank };
  }

  var api = { DIGITS: DIGITS, roundsFor: roundsFor, points: points, scoreRound: scoreRound, checkBids: checkBids,
              ranking: ranking, cleanName: cleanName, dealerOf: dealerOf, bidOrder: bidOrder, step: step,
              currentRound: currentRound, encode: encode, decode: decode, table: table };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.WizardPad = api;
})(this);
