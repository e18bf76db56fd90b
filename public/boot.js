// Starts a prerendered page's JavaScript only once the page has painted its main content, so on a
// slow phone the HTML and CSS never compete with scripts, icons or the manifest for the first
// paint (ADR 0005, 0007). The build minifies it into each page as the one inline script the CSP
// allows, by its hash (ADR 0035): no request stands between the HTML and working controls.
// data-entry: the module to import; data-chunks: the modules it imports statically, in evaluation
// order (scripts/prerender.ts); data-manifest: the web app manifest to link then.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var manifest = script.getAttribute('data-manifest');
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var started = false;

  // The entry is imported late, and linking the manifest can make Chromium offer installation before
  // it has run: keep the event for src/lib/install-prompt.ts, which takes it over on import.
  window.addEventListener(
    'beforeinstallprompt',
    function (event) {
      event.preventDefault();
      window.__beforeInstallPrompt = event;
      // The header's 'Install app' (data-boot="install") is in the markup, hidden until now.
      var buttons = document.querySelectorAll('[data-boot="install"]');
      for (var i = 0; i < buttons.length; i++) if (!live(buttons[i])) buttons[i].hidden = false;
    },
    { once: true },
  );
  function promptInstall() {
    var offer = window.__beforeInstallPrompt;
    if (!offer) return;
    window.__beforeInstallPrompt = undefined;
    var buttons = document.querySelectorAll('[data-boot="install"]');
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = true;
    // src/lib/install-prompt.ts may hold the same event: it is spent now.
    window.dispatchEvent(new Event('boot:install-prompted'));
    var shown = offer.prompt();
    if (shown && shown.catch) shown.catch(function () {});
  }

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
      // Every chunk is fetched at once; then they are evaluated one per task, in the order the
      // browser would have evaluated them, so a slow phone never runs the whole app's start in one
      // long task and can answer a tap in between (ADR 0025).
      for (var i = 0; i < chunks.length; i++) {
        var preload = document.createElement('link');
        preload.rel = 'modulepreload';
        preload.href = chunks[i];
        document.head.appendChild(preload);
      }
      if (entry) importInTurn(chunks.concat(entry), 0);
    });
  }
  function importInTurn(modules, i) {
    import(modules[i]).then(
      function () {
        if (i + 1 < modules.length) setTimeout(importInTurn, 0, modules, i + 1);
      },
      // Offline, a page never opened before may not have its code on the device yet: it stays the
      // readable prerendered page instead of reporting an error.
      function () {
        failed = true;
        if (heldForm) explainUnloaded(heldForm);
        if (heldTap) heldTap.el.removeAttribute('data-tap-waiting');
      },
    );
  }

  // React marks the elements it has hydrated with a `__reactProps$…` property: the one reliable
  // sign that an element's own handlers are attached (the app-ready mark can come before a given
  // element's hydration, and the landing page hydrates its islands only when first used).
  var failed = false;
  function ownedByReact(element) {
    for (var key in element) if (key.indexOf('__reactProps$') === 0) return true;
    return false;
  }
  // React marks an element while it renders, before its hydration is committed (hydration yields
  // between tasks, and the app renders each route's content in a pass of its own): its handlers
  // answer once the app has also marked itself ready (src/lib/app-ready.ts, after the content's
  // commit) and, on the landing page, whose islands hydrate one by one, once the element's island
  // is no longer marked as hydrating (data-island-state, src/landing-hydrate.tsx). Until then a tap
  // is this script's: one that reached React mid-hydration was lost.
  function live(element) {
    if (document.documentElement.getAttribute('data-app-ready') !== 'true' || !ownedByReact(element))
      return false;
    var island = element.closest('[data-island]');
    return !island || island.getAttribute('data-island-state') !== 'hydrating';
  }
  // Tells the page's entry which part of the page a held action is waiting for, so it hydrates
  // that part first (src/landing.tsx); the entry reads window.__bootHeld when it starts later.
  function announceHeld(element) {
    window.__bootHeld = element;
    document.dispatchEvent(new CustomEvent('boot:held'));
  }

  // A form sent before React has taken it over would be a native GET: the password in the address,
  // the server's logs and the history, and the page reloaded with the input gone. Hold the
  // submission, load the code now, and send it again once React owns the form.
  var heldForm = null;
  var heldSubmitter = null;
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
    if (!live(form)) return void setTimeout(sendWhenOwned, 50);
    replayTyped();
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
      // Text typed before React took the form over reaches it before its submit handler does.
      if (live(form)) return void replayTyped();
      event.preventDefault();
      heldSubmitter = event.submitter || null;
      if (failed) return explainUnloaded(form);
      var waiting = heldForm === form;
      heldForm = form;
      form.setAttribute('data-submit-waiting', '');
      start();
      announceHeld(form);
      if (!waiting) sendWhenOwned();
    },
    true,
  );

  // What is typed before React owns a field stays on screen, but React starts from its own state
  // (an empty search, an empty address): it would send that, and its first render after hydration
  // may put it back in the field. Once React owns the field, the visitor's text (kept here as typed)
  // is handed to it as an input event. React only reports a change when the value differs from the
  // one it last saw, so that one is first set to another.
  var typed = [];
  document.addEventListener(
    'input',
    function (event) {
      var field = event.target;
      if (live(field)) return;
      for (var i = 0; i < typed.length; i++)
        if (typed[i].field === field) return void (typed[i].value = field.value);
      typed.push({ field: field, value: field.value });
      if (typed.length === 1) setTimeout(replayTypedLater, 50);
    },
    true,
  );
  function replayInput(entry) {
    var field = entry.field;
    if (field.type === 'checkbox' || field.type === 'radio' || field.tagName === 'SELECT')
      return void field.dispatchEvent(new Event('change', { bubbles: true }));
    var nativeValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    field.value = entry.value === '' ? ' ' : '';
    nativeValue.set.call(field, entry.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  function replayTyped() {
    typed = typed.filter(function (entry) {
      if (!entry.field.isConnected) return false;
      if (!live(entry.field)) return true;
      replayInput(entry);
      return false;
    });
    return typed.length;
  }
  function replayTypedLater() {
    if (!failed && replayTyped()) setTimeout(replayTypedLater, 50);
  }

  // --- Controls that answer before the page's code (no dead taps on a slow phone, ADR 0025) ---

  // The header's theme toggle (data-boot="theme") does what src/lib/theme.ts's applyTheme does:
  // the class on <html>, the two stored keys, the cookie for the server and the Cache Storage entry
  // for the service worker (names shared with contract/theme.ts; boot-script.test.ts checks them).
  // Once hydrated, React's theme store reads the class back, so both agree.
  function shownTheme() {
    var root = document.documentElement.classList;
    if (root.contains('dark')) return 'dark';
    if (root.contains('light')) return 'light';
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  function toggleTheme() {
    var next = shownTheme() === 'dark' ? 'light' : 'dark';
    var root = document.documentElement;
    root.classList.toggle('dark', next === 'dark');
    root.classList.toggle('light', next === 'light');
    try {
      localStorage.setItem('theme', next);
      localStorage.setItem('darkMode', String(next === 'dark'));
    } catch {
      // Storage blocked: the choice still holds for this page and, through the cookie, the next.
    }
    document.cookie = 'theme=' + next + '; Path=/; Max-Age=31536000; SameSite=Lax';
    if (window.caches)
      caches
        .open('ngo-portal-theme')
        .then(function (cache) {
          return cache.put('/__theme-choice', new Response(next));
        })
        .catch(function () {});
    // SPEC: the toggle reads 'Switch to light mode' in dark, 'Switch to dark mode' in light.
    var label = next === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
    var toggles = document.querySelectorAll('[data-boot="theme"]');
    for (var i = 0; i < toggles.length; i++) {
      toggles[i].setAttribute('aria-label', label);
      toggles[i].setAttribute('title', label);
    }
  }

  // The mobile menu's button (data-boot="menu", aria-controls: the panel) shows and hides the
  // panel as React would ('Open menu' / 'Close menu', aria-expanded, the header's data-menu-open),
  // and closes on Escape, a tap outside the header or a link in the panel. The header adopts the
  // state when it hydrates (components/layouts/public-header.tsx).
  function setMenu(button, open) {
    var panel = document.getElementById(button.getAttribute('aria-controls'));
    if (!panel) return;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    var header = button.closest('header');
    if (header) header.setAttribute('data-menu-open', String(open));
  }
  function openNativeMenu() {
    var button = document.querySelector('[data-boot="menu"][aria-expanded="true"]');
    return button && !live(button) ? button : null;
  }
  document.addEventListener(
    'keydown',
    function (event) {
      var button = event.key === 'Escape' && openNativeMenu();
      if (!button) return;
      setMenu(button, false);
      button.focus();
    },
    true,
  );
  document.addEventListener(
    'pointerdown',
    function (event) {
      var button = openNativeMenu();
      var header = button && button.closest('header');
      if (header && !header.contains(event.target)) setMenu(button, false);
    },
    true,
  );

  // The compact header (SPEC: compact once scrolled more than 10 pixels) is styled from its
  // data-scrolled attribute, kept here until React owns the header.
  var scrollQueued = false;
  window.addEventListener(
    'scroll',
    function () {
      if (scrollQueued) return;
      scrollQueued = true;
      requestAnimationFrame(function () {
        scrollQueued = false;
        var header = document.getElementById('public-header');
        if (header && !live(header)) header.setAttribute('data-scrolled', String(window.scrollY > 10));
      });
    },
    { passive: true },
  );

  // A link to a section of the home page, on the home page ('/#about', '#services'): scrolls as
  // src/lib/scroll-to-section.ts does, below the fixed bar (72px: compact bar and a gap), smoothly
  // unless reduced motion is asked for, and moves focus to the section's heading; the address keeps
  // no hash. A native jump would hide the heading under the bar.
  function scrollToSection(link, event) {
    var href = link.getAttribute('href') || '';
    if (location.pathname !== '/' || !/^\/?#./.test(href)) return false;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    var section = document.getElementById(decodeURIComponent(href.slice(href.indexOf('#') + 1)));
    if (!section) return false;
    var margin = parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
    var top = section.getBoundingClientRect().top + window.scrollY - Math.max(margin, 72);
    var reduce = window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: Math.max(0, Math.round(top)), behavior: reduce ? 'instant' : 'smooth' });
    var labelId = (section.getAttribute('aria-labelledby') || '').split(' ')[0];
    var heading = labelId && document.getElementById(labelId);
    var focusable =
      heading && heading.hasAttribute('tabindex')
        ? heading
        : section.hasAttribute('tabindex')
          ? section
          : null;
    if (focusable) focusable.focus({ preventScroll: true });
    return true;
  }

  // Any other button the page's code has not taken over yet: the tap is kept (the control shows
  // data-tap-waiting), the code is loaded now, and the tap is replayed on the control once React
  // owns it. A link marked data-hold-tap="signed-in" is held the same way when a session is stored:
  // its target depends on the session, which only the code knows ('Choose plan' on /pricing).
  // data-tap-key finds the control again when React replaces the element (a link becoming a button).
  var heldTap = null;
  function signedIn() {
    try {
      return !!localStorage.getItem('token');
    } catch {
      return false;
    }
  }
  function holdable(target) {
    var el = target.closest && target.closest('button, [data-hold-tap]');
    if (!el || el.disabled || live(el)) return null;
    if (el.tagName === 'BUTTON' && el.form && el.type === 'submit') return null; // held as a submit
    if (el.getAttribute('data-hold-tap') === 'signed-in' && !signedIn()) return null;
    return el;
  }
  function replayWhenOwned(hold, owned) {
    if (heldTap !== hold) return;
    var key = hold.key;
    var el = hold.el.isConnected ? hold.el : key && document.querySelector('[data-tap-key="' + key + '"]');
    if (failed || Date.now() > hold.until) {
      if (hold.el.isConnected) hold.el.removeAttribute('data-tap-waiting');
      heldTap = null;
      return;
    }
    // Owned on two checks in a row, with the app ready: a render that follows hydration (the
    // session read from storage) has had its turn.
    var nowOwned = !!el && live(el);
    if (!(nowOwned && owned)) return void setTimeout(replayWhenOwned, 50, hold, nowOwned);
    heldTap = null;
    hold.el.removeAttribute('data-tap-waiting');
    replayTyped();
    if (key) el = document.querySelector('[data-tap-key="' + key + '"]') || el;
    if (!el.disabled) el.click();
  }
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      if (!(target instanceof Element)) return;
      if (typed.length) replayTyped();
      var control = target.closest('[data-boot]');
      if (control && !live(control)) {
        var kind = control.getAttribute('data-boot');
        event.preventDefault();
        event.stopImmediatePropagation();
        if (kind === 'theme') toggleTheme();
        else if (kind === 'menu') setMenu(control, control.getAttribute('aria-expanded') !== 'true');
        else if (kind === 'install') promptInstall();
        start();
        return;
      }
      var link = target.closest('a');
      var menuButton = link && openNativeMenu();
      var panel = menuButton && document.getElementById(menuButton.getAttribute('aria-controls'));
      if (panel && panel.contains(link)) setMenu(menuButton, false);
      if (link && !live(link) && scrollToSection(link, event)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }

      var el = holdable(target);
      if (!el || event.button !== 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (heldTap) heldTap.el.removeAttribute('data-tap-waiting');
      el.setAttribute('data-tap-waiting', '');
      heldTap = { el: el, key: el.getAttribute('data-tap-key'), until: Date.now() + 60000 };
      start();
      announceHeld(el);
      replayWhenOwned(heldTap, false);
    },
    true,
  );

  // As src/lib/pwa.ts registers it (same script and scope); never inside another site's frame.
  function registerWorker() {
    if (!('serviceWorker' in navigator) || window.self !== window.top) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
  }

  function afterLoad(fn) {
    if (document.readyState === 'complete') fn();
    else window.addEventListener('load', fn, { once: true });
  }

  // A page the server rendered over its data (data-hydrate="on-use", ADR 0028) reads and links
  // without its code: the code starts when the page is first used (a tap, a key, focus, a scroll;
  // a held tap or submit above also starts it), so a phone loading the page runs none of it. The
  // service worker is registered meanwhile, so the site opens offline after this visit.
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (script.getAttribute('data-hydrate') === 'on-use') {
    var uses = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'wheel', 'scroll'];
    var onFirstUse = function () {
      for (var u = 0; u < uses.length; u++) window.removeEventListener(uses[u], onFirstUse, true);
      start();
    };
    for (var u = 0; u < uses.length; u++)
      window.addEventListener(uses[u], onFirstUse, { capture: true, passive: true });
    afterLoad(function () {
      later(registerWorker);
    });
  } else if (types.indexOf('largest-contentful-paint') >= 0) {
    // The first largest-contentful-paint entry once the document has loaded: the main content is
    // on screen. Before the load event the parser may still be painting the page in parts, and
    // fetching the code then would delay the paint of the rest (ADR 0025). A tap or a submit
    // starts the code at once anyway.
    var painted = false;
    var loaded = false;
    var startWhenBoth = function () {
      if (painted && loaded) start();
    };
    new PerformanceObserver(function (_list, observer) {
      observer.disconnect();
      painted = true;
      startWhenBoth();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    afterLoad(function () {
      loaded = true;
      startWhenBoth();
      // A page opened in a background tab paints nothing until shown; do not wait for that forever.
      setTimeout(start, 3000);
    });
  } else {
    afterLoad(function () {
      requestAnimationFrame(start);
    });
  }
})();
