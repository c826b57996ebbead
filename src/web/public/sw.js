/* Browser web push (issue 19): shows each push and opens its page on click. Served from the site root
   so its scope is the whole product; the CSP's worker-src 'self' allows it. */
/** The push's page on this origin; anything else ('//host', '/\\host', another origin) opens the dashboard. */
function pageOf(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/dashboard';
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Notification';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      icon: '/favicon.svg',
      data: { url: pageOf(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // Reuse an open tab of the product rather than opening another.
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
          return client.focus().then(() => client.navigate(url));
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
