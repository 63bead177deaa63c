/* The plain sign-in form of index.html (build/bootSignIn.ts). Runs first in <head>, before the body exists: marks
   <html> so that the stylesheet shows the form on the sign-in route only and in the stored language; once the
   form is parsed, focuses it and puts the placeholders in that language; Enter or the button sends the sign-in at
   once, and the console takes its answer (and what was typed) when it has started (lib/bootSignIn.ts). Classic
   script, no dependencies. */
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
  // Enter or the button: the sign-in is sent at once (the console, once started, takes its answer: lib/bootSignIn.ts)
  var send = function () {
    var user = document.getElementById('login_username');
    var pass = document.getElementById('login_password');
    if (!user || !pass || !user.value || !pass.value || window.__bootLogin) return;
    var body = 'username=' + encodeURIComponent(user.value) + '&password=' + encodeURIComponent(pass.value);
    window.__bootLogin = {
      username: user.value,
      password: pass.value,
      response: window.fetch('api/adminUser/login.do', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: en ? 'en-US' : 'zh-CN' },
        body: body,
        credentials: 'same-origin',
      }),
    };
    root.className += ' boot-busy';
  };
  var pending = function (e) {
    if (
      e.target &&
      e.target.closest &&
      e.target.closest('#boot-login') &&
      (e.type === 'click' ? e.target.closest('button') : e.key === 'Enter')
    ) {
      window.__bootSignIn = true;
      send();
    }
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
