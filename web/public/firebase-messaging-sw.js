// Shows the couple's day-of push messages (sent with `pnpm seed notify`) and opens the page when one is tapped.
// Registered only on a real project, by a guest who opted in, under its own scope so it never competes with the
// page's offline service worker. Plain JavaScript with no imports: it must work on its own, from the site root.

self.addEventListener("push", (event) => {
  if (!event.data) return;
  let payload;
  try {
    payload = event.data.json();
  } catch {
    return;
  }
  const notification = payload.notification ?? {};
  const link = payload.fcmOptions?.link ?? payload.data?.link ?? "/";
  event.waitUntil(
    self.registration.showNotification(notification.title ?? "", {
      body: notification.body ?? "",
      lang: notification.lang,
      data: { link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.link ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      return open ? open.focus() : self.clients.openWindow(link);
    }),
  );
});
