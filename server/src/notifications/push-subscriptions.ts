// Day-of push messages: a guest's browser registers its messaging token through the BFF, which subscribes it to
// the topic of the guest's language (`pnpm seed notify` sends there). Only a real project with a VAPID key has
// push; in emulator mode (no Messaging emulator exists) every request is refused, saying why.
import type { Messaging } from "firebase-admin/messaging";
import type { Language } from "../contract/language";
import { notifyTopic } from "../contract/notifications";
import { GuestError } from "../errors";

export interface PushSubscriptions {
  /** Whether push messages can be sent on this stack (a real project with a web push key). */
  available: boolean;
  subscribe(token: string, language: Language): Promise<void>;
}

export function projectPushSubscriptions(messaging: Pick<Messaging, "subscribeToTopic">): PushSubscriptions {
  return {
    available: true,
    async subscribe(token, language) {
      const response = await messaging.subscribeToTopic([token], notifyTopic(language));
      const failure = response.errors[0];
      if (failure) {
        throw new GuestError(
          "BAD_REQUEST",
          "push-token-refused",
          `Firebase Messaging refused this browser's token (${failure.error.code}); allow notifications again.`,
        );
      }
    },
  };
}

export const unavailablePushSubscriptions: PushSubscriptions = {
  available: false,
  async subscribe() {
    throw new GuestError(
      "PRECONDITION_FAILED",
      "push-unavailable",
      "Push messages need a real Firebase project with a web push key; this stack runs on the emulators.",
    );
  },
};
