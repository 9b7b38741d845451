/* global document, requestAnimationFrame -- a browser script, copied into the build as it is */
// Starts the app on a page the server drew (decision 067): the app's scripts are asked for once
// the drawing is on screen, not beside it, so on a slow connection the page's HTML and stylesheet
// come first and the reader sees the first problem before the ~250 kB of scripts arrive. The
// document names the entry script and the chunks to preload (the same as the plain document's
// tags); a hidden tab, which paints no frame, starts them after a short wait instead.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = JSON.parse(script.getAttribute('data-preloads') || '[]');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
