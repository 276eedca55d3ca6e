// Opting in to day-of push messages, on a real project with a web push key: the browser asks the guest, Firebase
// Messaging gives this browser a token, and the BFF subscribes it to the topic of the guest's language. Loaded only
// when a guest taps the button.

import type { Language } from "@boda/server/contract/language";
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";
import { firebaseApp } from "./firebase";

export type PushOutcome = "enabled" | "denied" | "unsupported";

/** The messaging service worker's own scope, apart from the page's offline service worker. */
const MESSAGING_SCOPE = "/firebase-cloud-messaging-push-scope";

export async function enablePush(
  config: FirebaseWebConfig,
  language: Language,
  register: (token: string, language: Language) => Promise<unknown>,
): Promise<PushOutcome> {
  if (!config.vapidKey || !("serviceWorker" in navigator) || !("Notification" in window)) return "unsupported";
  const { getMessaging, getToken, isSupported } = await import("firebase/messaging");
  if (!(await isSupported())) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const registration = await navigator.serviceWorker.register("/firebase-messaging-sw.js", { scope: MESSAGING_SCOPE });
  const token = await getToken(getMessaging(await firebaseApp(config)), {
    vapidKey: config.vapidKey,
    serviceWorkerRegistration: registration,
  });
  await register(token, language);
  return "enabled";
}
