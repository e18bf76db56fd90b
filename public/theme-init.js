// Render-blocking on purpose: sets the dark class before first paint, so there is no flash of the
// wrong theme. A file, not an inline script, so the CSP can forbid inline scripts. Keep in step with
// src/lib/theme.ts.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    var flag = localStorage.getItem('darkMode');
    var dark =
      theme === 'dark' ||
      (theme !== 'light' && flag === 'true') ||
      (!theme && flag === null && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage blocked: keep the light default */
  }
})();
