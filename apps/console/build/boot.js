/* The plain sign-in form of index.html (build/bootSignIn.ts). Runs first in <head>, before the body exists: marks
   <html> so that the stylesheet shows the form on the sign-in route only and in the stored language; once the
   form is parsed, focuses it and puts the placeholders in that language; Enter or the button asks the console to
   sign in as soon as it has started (lib/bootSignIn.ts). Classic script, no dependencies. */
/* global window, document, location */
(function () {
  var hash = location.hash;
  var signedIn = /(?:^|;\s*)Access-Token=[^;]/.test(document.cookie);
  if (!(hash.indexOf('#/user/login') === 0 || (!signedIn && (hash === '' || hash === '#' || hash === '#/')))) return;
  var en = false;
  try {
    en = window.localStorage.getItem('lang') === 'en-US';
  } catch {
    en = false;
  }
  var root = document.documentElement;
  root.className += en ? ' boot-sign-in boot-lang-en' : ' boot-sign-in';
  var pending = function (e) {
    if (
      e.target &&
      e.target.closest &&
      e.target.closest('#boot-login') &&
      (e.type === 'click' ? e.target.closest('button') : e.key === 'Enter')
    )
      window.__bootSignIn = true;
  };
  document.addEventListener('keydown', pending, true);
  document.addEventListener('click', pending, true);
  document.addEventListener('readystatechange', function setUp() {
    if (document.readyState === 'loading') return;
    document.removeEventListener('readystatechange', setUp);
    var user = document.getElementById('login_username');
    if (!user) return;
    if (en) {
      var inputs = document.querySelectorAll('#boot-login [data-en-placeholder]');
      for (var i = 0; i < inputs.length; i++) inputs[i].placeholder = inputs[i].getAttribute('data-en-placeholder');
    }
    if (!document.activeElement || document.activeElement === document.body) user.focus();
  });
})();
