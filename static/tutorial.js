/* Tutorial steps without full reloads: fetch the next step's page, swap <main>, keep history.
   Without JavaScript every link and form works as it is: each step is a page of its own. */
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main || !window.fetch || !window.DOMParser || !window.history || !window.URLSearchParams) {
    return;
  }

  function isTutorial(url) {
    return url.origin === window.location.origin && /\/tutorial\//.test(url.pathname);
  }

  function replaceFrom(doc, selector) {
    var fresh = doc.querySelector(selector);
    var here = document.querySelector(selector);
    if (fresh && here) {
      here.innerHTML = fresh.innerHTML;
    }
  }

  function swap(html, url, push) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("main");
    if (!fresh) {
      window.location.href = url;
      return;
    }
    main.innerHTML = fresh.innerHTML;
    document.title = doc.title;
    replaceFrom(doc, "nav.languages");
    replaceFrom(doc, "nav.crumbs");
    Array.prototype.forEach.call(document.querySelectorAll('link[rel="alternate"]'), function (link) {
      link.parentNode.removeChild(link);
    });
    Array.prototype.forEach.call(doc.querySelectorAll('link[rel="alternate"]'), function (link) {
      document.head.appendChild(link.cloneNode(false));
    });
    if (push) {
      window.history.pushState({ tutorial: true }, "", url);
    }
    // Move the keyboard and the screen reader to what changed: the engine's answer, or the title.
    var target = main.querySelector(".tut-refused, .tut-missed") || main.querySelector("h1");
    if (target) {
      if (!target.hasAttribute("tabindex")) {
        target.setAttribute("tabindex", "-1");
      }
      target.focus();
    }
    if (!main.querySelector(".tut-refused, .tut-missed")) {
      window.scrollTo(0, 0);
    }
  }

  function load(url, push) {
    main.setAttribute("aria-busy", "true");
    window.fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.text().then(function (text) {
          main.removeAttribute("aria-busy");
          swap(text, response.url || url, push);
        });
      })
      .catch(function () {
        window.location.href = url;
      });
  }

  var lastButton = null; // browsers without event.submitter: the button that was pressed

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("form[data-tutorial-form] button") : null;
    if (button) {
      lastButton = button;
    }
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    var link = event.target.closest ? event.target.closest("a[data-tutorial-link]") : null;
    if (!link) {
      return;
    }
    var url = new URL(link.href, window.location.href);
    if (!isTutorial(url)) {
      return;
    }
    event.preventDefault();
    load(url.href, true);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-tutorial-form]")) {
      return;
    }
    var url = new URL(form.getAttribute("action"), window.location.href);
    if (!isTutorial(url)) {
      return;
    }
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      params.append(key, value);
    });
    var submitter = event.submitter || (lastButton && lastButton.form === form ? lastButton : null);
    if (submitter && submitter.name) {
      params.append(submitter.name, submitter.value);
    }
    url.search = params.toString();
    event.preventDefault();
    load(url.href, true);
  });

  window.addEventListener("popstate", function () {
    load(window.location.href, false);
  });
  window.history.replaceState({ tutorial: true }, "", window.location.href);
})();
