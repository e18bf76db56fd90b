// Loads the app's JavaScript only after the prerendered page has painted, so on a slow phone the
// HTML and its content never compete with the JS bundle for the first paint. A file, not an
// inline script, so the CSP can forbid inline scripts. The entry comes from data-entry.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    requestAnimationFrame(function () {
      setTimeout(function () {
        import(entry);
      }, 0);
    });
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
