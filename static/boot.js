// The one script a page waits for, and the smallest: once the page is shown it loads site.js
// (the service worker, the offline notice, the page's own scripts), which nothing waits for.
(function (me) {
  window.addEventListener("load", function () {
    var script = document.createElement("script");
    script.src = me.getAttribute("data-site");
    document.head.appendChild(script);
  });
})(document.currentScript);
