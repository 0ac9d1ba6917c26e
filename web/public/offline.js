/* global document, location, fetch, window, setTimeout, clearTimeout */
// The offline page's retry (web/public/offline.html): asks the server every few seconds, past the service worker
// (a HEAD request, which the worker never answers itself), and reloads the page the user wanted once anything answers.
(function () {
  var RETRY_MS = 3000;
  var address = document.getElementById('address');
  var status = document.getElementById('status');
  var button = document.getElementById('retry');
  var timer;
  address.textContent = location.host;

  function schedule() {
    clearTimeout(timer);
    status.textContent = 'Retrying every ' + RETRY_MS / 1000 + ' seconds…';
    timer = setTimeout(probe, RETRY_MS);
  }

  function probe() {
    clearTimeout(timer);
    status.textContent = 'Trying…';
    fetch(location.pathname, { method: 'HEAD', cache: 'no-store' }).then(
      function (response) {
        // A proxy in front of cui answers 502-504 while cui itself is down.
        if (response.status >= 502 && response.status <= 504) schedule();
        else location.reload();
      },
      schedule,
    );
  }

  button.addEventListener('click', probe);
  window.addEventListener('online', probe);
  schedule();
})();
