// The service worker (served at /sw.js, scope /): the pages a reader visits and the games they
// keep, for reading at a table without a connection. It names no page and no game: the site
// tells it what to keep (/<lang>/<game>/offline.json) and where its fallbacks are (CONFIG).
// Every cache name carries the version of the content and the code; a new version re-keeps
// the kept games, then deletes every cache of the old one.
"use strict";
var CONFIG = {{ config|tojson }};
var PREFIX = CONFIG.prefix + CONFIG.version + "-";
var PAGES = PREFIX + "pages";
var ASSETS = PREFIX + "assets";
var KEPT_LIST = CONFIG.prefix + "kept";  // the games kept, by list address: outlives versions
var FALLBACK = "X-Offline-Fallback";     // on an answer that stands in for the page asked for

// One address, one key: no fragment, the query in a fixed order.
function key(url) {
  var u = new URL(url, self.location.origin);
  var pairs = [];
  u.hash = "";
  u.searchParams.forEach(function (v, k) { pairs.push([k, v]); });
  pairs.sort(function (a, b) {
    return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  });
  var search = new URLSearchParams();
  pairs.forEach(function (p) { search.append(p[0], p[1]); });
  u.search = search.toString();
  return u.href;
}

function fromCache(url) {
  return caches.match(key(url), { ignoreVary: true });
}

// A response kept as the browser can use it again: a redirected answer is kept under the
// address it came from, and the first address keeps a redirect to it.
function store(cache, url, response) {
  if (!response.redirected) return cache.put(key(url), response);
  var clean = new Response(response.body, { status: response.status, statusText: response.statusText,
                                            headers: response.headers });
  return Promise.all([cache.put(key(response.url), clean),
                      cache.put(key(url), Response.redirect(response.url, 303))]);
}

function keepable(response) {
  var type = (response.headers.get("Content-Type") || "").split(";")[0];
  return response.ok && response.type === "basic" &&
    (type === "text/html" || type === "application/json" || type === "application/manifest+json");
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - CONFIG.pages_max;
    return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (k) { return cache.delete(k); }));
  });
}

function remember(url, response) {
  return caches.open(PAGES).then(function (cache) {
    return store(cache, url, response).then(function () { return trim(cache); });
  });
}

// --- keeping a game --------------------------------------------------------------------------------

function keep(listUrl, report) {
  return fetch(listUrl, { cache: "no-store", credentials: "same-origin" })
    .then(function (r) {
      if (r.status === 404) return null;  // a game no longer served
      if (!r.ok) throw new Error("list " + r.status);
      return r.json();
    })
    .then(function (list) {
      if (list === null) {
        return caches.open(KEPT_LIST).then(function (c) { return c.delete(listUrl); }).then(function () { return null; });
      }
      return caches.open(list.cache).then(function (cache) {
        var queue = list.urls.slice();
        var total = list.urls.length + list.redirects.length;
        var done = 0;
        function next() {
          var url = queue.shift();
          if (url === undefined) return Promise.resolve();
          if (new URL(url, self.location.origin).origin !== self.location.origin) return next();  // ours only
          return fetch(url, { credentials: "same-origin", cache: "no-cache" })
            .then(function (response) {
              if (!response.ok) throw new Error(url + " " + response.status);
              return store(cache, url, response);
            })
            .then(function () { done += 1; report(done, total); return next(); });
        }
        return Promise.all([next(), next(), next(), next()])
          .then(function () {
            return Promise.all(list.redirects.map(function (pair) {
              return cache.put(key(pair[0]), Response.redirect(new URL(pair[1], self.location.origin).href, 303));
            }));
          })
          .then(function () {
            report(total, total);
            var body = JSON.stringify(list);
            return Promise.all([
              cache.put(key(list.marker), new Response(body, { headers: { "Content-Type": "application/json" } })),
              caches.open(KEPT_LIST).then(function (c) {
                return c.put(listUrl, new Response(body, { headers: { "Content-Type": "application/json" } }));
              }),
            ]);
          })
          .then(function () { return { count: total, cache: list.cache }; });
      });
    });
}

function forget(listUrl) {
  return caches.open(KEPT_LIST).then(function (c) {
    return c.match(listUrl).then(function (r) { return r ? r.json() : null; })
      .then(function (list) {
        return Promise.all([c.delete(listUrl), list ? caches.delete(list.cache) : null]);
      });
  });
}

// The pages of a new version for every game kept under the old one; an error leaves the old
// worker and its caches in place (the browser tries the update again later).
function rekeep() {
  return caches.open(KEPT_LIST).then(function (c) { return c.keys(); }).then(function (requests) {
    return Promise.all(requests.map(function (r) { return keep(r.url, function () {}); }));
  });
}

function visited(urls) {
  return Promise.all((urls || []).map(function (url) {
    if (typeof url !== "string" || new URL(url, self.location.origin).origin !== self.location.origin) return null;
    return fromCache(url).then(function (hit) {
      if (hit) return null;
      // the copy the browser has just loaded, when it still has it: no second download
      return fetch(url, { credentials: "same-origin", cache: "force-cache" }).then(function (response) {
        if (!keepable(response) && !(response.ok && response.url.indexOf(CONFIG.static) >= 0)) return null;
        var target = new URL(url, self.location.origin).pathname.indexOf(CONFIG.static) === 0 ? ASSETS : PAGES;
        return caches.open(target).then(function (cache) { return store(cache, url, response); });
      }).catch(function () { return null; });
    });
  }));
}

// --- answering -----------------------------------------------------------------------------------

function marked(response) {
  var headers = new Headers(response.headers);
  headers.set(FALLBACK, "1");
  return response.blob().then(function (body) {
    return new Response(body, { status: 200, headers: headers });
  });
}

function first(keys) {
  if (!keys.length) return Promise.resolve(null);
  return caches.match(keys[0], { ignoreVary: true }).then(function (hit) {
    return hit && hit.status === 200 ? hit : first(keys.slice(1));
  });
}

// Offline, for a page the device does not keep: the same page without its inputs (a tool, the
// score pad, which takes its state from the address), else the offline page, which searches the
// kept games (a search lands there too).
function fallback(request) {
  var url = new URL(request.url);
  var lang = url.pathname.split("/")[1];
  var tries = [];
  if (url.search && CONFIG.search[lang] !== url.pathname) tries.push(key(url.origin + url.pathname));
  var langs = Object.keys(CONFIG.offline);
  if (CONFIG.offline[lang]) tries.push(key(url.origin + CONFIG.offline[lang]));
  langs.forEach(function (l) { tries.push(key(url.origin + CONFIG.offline[l])); });
  return first(tries).then(function (hit) {
    if (hit) return marked(hit);
    return new Response("Offline.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Offline-Fallback": "1" } });
  });
}

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      event.waitUntil(remember(request.url, copy).catch(function () {}));
    }
    return response;
  }).catch(function () {
    return fromCache(request.url).then(function (hit) {
      if (hit) return hit;
      var html = request.mode === "navigate" || (request.headers.get("Accept") || "").indexOf("text/html") >= 0;
      return html ? fallback(request) : Response.error();
    });
  });
}

function asset(event) {
  var request = event.request;
  return fromCache(request.url).then(function (hit) {
    if (hit) return hit;
    return fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(caches.open(ASSETS).then(function (c) { return c.put(key(request.url), copy); }));
      }
      return response;
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(rekeep().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf(CONFIG.prefix) === 0 && n.indexOf(PREFIX) !== 0 && n !== KEPT_LIST;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (CONFIG.network_only.some(function (p) { return url.pathname.indexOf(p) === 0; })) return;
  if (url.pathname.indexOf(CONFIG.static) === 0) {
    event.respondWith(asset(event));
    return;
  }
  event.respondWith(page(event));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  function say(message) { if (port) port.postMessage(message); }
  if (data.type === "keep" && typeof data.list === "string") {
    event.waitUntil(keep(data.list, function (done, total) { say({ type: "progress", done: done, total: total }); })
      .then(function (result) { say(result ? { type: "kept", count: result.count } : { type: "failed" }); },
            function (e) { say({ type: "failed", message: String(e) }); }));
  } else if (data.type === "forget" && typeof data.list === "string") {
    event.waitUntil(forget(data.list).then(function () { say({ type: "forgotten" }); }));
  } else if (data.type === "visited") {
    event.waitUntil(visited(data.urls));
  }
});
