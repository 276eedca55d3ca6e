// Push subscriptions: a guest's token goes to the topic of their language, the one `pnpm seed notify` sends to.
// Firebase Messaging cannot run here, so it is stood in for by a recorder of what the BFF asks of it.
import { describe, expect, it } from "vitest";
import { projectPushSubscriptions, unavailablePushSubscriptions } from "./push-subscriptions";

function recordingMessaging(errors: Array<{ index: number; error: { code: string; message: string } }> = []) {
  const calls: Array<{ tokens: string[]; topic: string }> = [];
  return {
    calls,
    async subscribeToTopic(tokens: string | string[], topic: string) {
      calls.push({ tokens: [tokens].flat(), topic });
      return { successCount: 1 - errors.length, failureCount: errors.length, errors } as never;
    },
  };
}

describe("push subscriptions", () => {
  it("should subscribe a Spanish guest to guests-es and an English one to guests-en", async () => {
    const messaging = recordingMessaging();
    const push = projectPushSubscriptions(messaging);
    await push.subscribe("token-a", "es");
    await push.subscribe("token-b", "en");
    expect(messaging.calls).toEqual([
      { tokens: ["token-a"], topic: "guests-es" },
      { tokens: ["token-b"], topic: "guests-en" },
    ]);
  });

  it("should say which token Messaging refused, as a guest-facing error", async () => {
    const push = projectPushSubscriptions(
      recordingMessaging([{ index: 0, error: { code: "messaging/invalid-registration-token", message: "bad" } }]),
    );
    await expect(push.subscribe("stale", "es")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "push-token-refused",
    });
  });

  it("should refuse plainly on the emulators, where no push can be sent", async () => {
    expect(unavailablePushSubscriptions.available).toBe(false);
    await expect(unavailablePushSubscriptions.subscribe("token", "es")).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      reason: "push-unavailable",
    });
  });
});
