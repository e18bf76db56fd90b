// Starts a prerendered page's JavaScript only once the page has painted its main content, so on a
// slow phone the HTML and CSS never compete with scripts, icons or the manifest for the first
// paint (ADR 0005, 0007). A file, not an inline script, so the CSP can forbid inline scripts.
// data-entry: the module to import; data-manifest: the web app manifest to link then.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var manifest = script.getAttribute('data-manifest');
  var started = false;

  // The entry is imported late, and linking the manifest can make Chromium offer installation before
  // it has run: keep the event for src/lib/install-prompt.ts, which takes it over on import.
  window.addEventListener(
    'beforeinstallprompt',
    function (event) {
      event.preventDefault();
      window.__beforeInstallPrompt = event;
    },
    { once: true },
  );

  // Scheduled when the browser is next idle: the paint that was just reported is finished by then.
  var later = window.requestIdleCallback
    ? function (fn) {
        requestIdleCallback(fn, { timeout: 500 });
      }
    : function (fn) {
        setTimeout(fn, 50);
      };

  function start() {
    if (started) return;
    started = true;
    later(function () {
      if (manifest && !document.querySelector('link[rel="manifest"]')) {
        var link = document.createElement('link');
        link.rel = 'manifest';
        link.href = manifest;
        document.head.appendChild(link);
      }
      // Offline, a page never opened before may not have its code on the device yet: it stays the
      // readable prerendered page instead of reporting an error.
      if (entry)
        import(entry).catch(function () {
          failed = true;
          if (heldForm) explainUnloaded(heldForm);
        });
    });
  }

  // A form sent before React has taken it over would be a native GET: the password in the address,
  // the server's logs and the history, and the page reloaded with the input gone. Hold the
  // submission, load the code now, and send it again once React owns the form. React marks the
  // elements it has hydrated with a `__reactProps$…` property: the one reliable sign that the
  // form's own submit handler is attached (the app-ready mark can come before a form's hydration).
  var failed = false;
  var heldForm = null;
  var heldSubmitter = null;
  function ownedByReact(element) {
    for (var key in element) if (key.indexOf('__reactProps$') === 0) return true;
    return false;
  }
  function explainUnloaded(form) {
    form.removeAttribute('data-submit-waiting');
    if (form.querySelector('[data-boot-notice]')) return;
    var notice = document.createElement('p');
    notice.setAttribute('role', 'alert');
    notice.setAttribute('data-boot-notice', '');
    notice.textContent = 'This page has not finished loading. Connect to the internet, then try again.';
    form.appendChild(notice);
  }
  function sendWhenOwned() {
    var form = heldForm;
    if (!form || failed) return;
    if (!form.isConnected) return (heldForm = null);
    if (!ownedByReact(form)) return void setTimeout(sendWhenOwned, 50);
    heldForm = null;
    form.removeAttribute('data-submit-waiting');
    var submitter =
      heldSubmitter && heldSubmitter.isConnected && heldSubmitter.form === form ? heldSubmitter : null;
    if (submitter) form.requestSubmit(submitter);
    else form.requestSubmit();
  }
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (ownedByReact(form)) return;
      event.preventDefault();
      heldSubmitter = event.submitter || null;
      if (failed) return explainUnloaded(form);
      var waiting = heldForm === form;
      heldForm = form;
      form.setAttribute('data-submit-waiting', '');
      start();
      if (!waiting) sendWhenOwned();
    },
    true,
  );

  function afterLoad(fn) {
    if (document.readyState === 'complete') fn();
    else window.addEventListener('load', fn, { once: true });
  }

  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') >= 0) {
    // The first largest-contentful-paint entry: the main content is on screen.
    new PerformanceObserver(function (_list, observer) {
      observer.disconnect();
      start();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // A page opened in a background tab paints nothing until shown; do not wait for that forever.
    afterLoad(function () {
      setTimeout(start, 3000);
    });
  } else {
    afterLoad(function () {
      requestAnimationFrame(start);
    });
  }
})();
