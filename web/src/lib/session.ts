// The guest's sign-in on this device: a household through its invitation, or the couple with a password. The
// Firebase Auth SDK is loaded only when there is a sign-in to make or one remembered from an earlier visit, so a
// stranger's page never downloads it. Every call to the BFF carries the ID token this hands out.
import { SIGNED_IN_STORAGE_KEY } from "@boda/server/contract/routes";
import type { FirebaseWebConfig } from "@boda/server/contract/site-view";
import type { Auth } from "firebase/auth";
import { firebaseApp } from "./firebase";

/** Set while this device holds a sign-in; tells the next visit to load Auth before asking the BFF anything. */
export const SIGNED_IN_KEY = SIGNED_IN_STORAGE_KEY;

export type SessionKind = "household" | "couple";

export interface Session {
  /** Whether an earlier visit signed in on this device (so the page should wait for Auth before loading). */
  remembered(): boolean;
  /** The current ID token (refreshed when needed), or null for a stranger; loads Auth only if remembered. */
  idToken(): Promise<string | null>;
  /** Who is signed in, from the token's claims; null for a stranger. */
  kind(): Promise<SessionKind | null>;
  signInWithInvitation(customToken: string): Promise<void>;
  signInAsCouple(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Called after every sign-in and sign-out. */
  subscribe(listener: () => void): () => void;
}

export function createSession(loadConfig: () => Promise<FirebaseWebConfig>, storage = safeLocalStorage()): Session {
  let auth: Promise<Auth> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const loadAuth = (): Promise<Auth> => {
    auth ??= (async () => {
      const config = await loadConfig();
      const [app, sdk] = await Promise.all([firebaseApp(config), import("firebase/auth")]);
      // initializeAuth without a popup resolver keeps the SDK small: nobody signs in with Google here.
      const instance = sdk.initializeAuth(app, {
        persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
      });
      if (config.authEmulatorUrl) sdk.connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
      await instance.authStateReady();
      return instance;
    })();
    // A failed download (weak signal) must not stick: the next call tries again.
    auth.catch(() => {
      auth = undefined;
    });
    return auth;
  };

  const remember = (signedIn: boolean) => {
    try {
      if (signedIn) storage?.setItem(SIGNED_IN_KEY, "1");
      else storage?.removeItem(SIGNED_IN_KEY);
    } catch {
      // Private browsing: the sign-in then lasts as long as this page.
    }
  };

  const currentUser = async () => {
    if (!auth && !session.remembered()) return null;
    const user = (await loadAuth()).currentUser;
    if (!user) remember(false);
    return user;
  };

  const session: Session = {
    remembered() {
      try {
        return storage?.getItem(SIGNED_IN_KEY) === "1";
      } catch {
        return false;
      }
    },
    async idToken() {
      return (await currentUser())?.getIdToken() ?? null;
    },
    async kind() {
      const user = await currentUser();
      if (!user) return null;
      const { claims } = await user.getIdTokenResult();
      return claims.couple === true ? "couple" : "household";
    },
    async signInWithInvitation(customToken) {
      const { signInWithCustomToken } = await import("firebase/auth");
      await signInWithCustomToken(await loadAuth(), customToken);
      remember(true);
      notify();
    },
    async signInAsCouple(email, password) {
      const { signInWithEmailAndPassword } = await import("firebase/auth");
      await signInWithEmailAndPassword(await loadAuth(), email, password);
      remember(true);
      notify();
    },
    async signOut() {
      if (auth || session.remembered()) await (await loadAuth()).signOut();
      remember(false);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return session;
}

// Locked-down webviews can throw on storage access; the page must still work.
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
