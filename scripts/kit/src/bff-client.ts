// A guest's browser reduced to HTTP calls against a running BFF (tRPC through @boda/server/client/trpc-over-http):
// signing in with an invitation at the Auth emulator, an answer to send, and the live stream. Used by the
// production-bundle and resilience tests and by the benchmarks.
import { randomUUID } from "node:crypto";
import { idTokenFor } from "@boda/server/client/emulator-id-token";
import { call } from "@boda/server/client/trpc-over-http";
import type { InvitationView } from "@boda/server/contract/site-view";
import { EventSource } from "eventsource";

/** What a browser does with an invite link: redeem the code at the BFF, then sign in at the Auth emulator. */
export async function signInWithInvite(base: string, code: string, authEmulatorHost: string): Promise<string> {
  const redeemed = await call<{ token: string }>(base, "invitations.redeem", { input: { code }, mutation: true });
  const token = redeemed.body.result?.data.token;
  if (!token) throw new Error(`Redeeming ${code} failed (${redeemed.status}): ${redeemed.body.error?.message}`);
  return idTokenFor(token, authEmulatorHost);
}

/**
 * A valid answer for a household: every named member, declining every event (no meal to choose). `submissionId` is
 * its idempotency key: pass the same one to send this answer again safely after a reply that never came.
 */
export function declineEverything(invitation: InvitationView, expectedRevision: number, submissionId = randomUUID()) {
  return {
    people: invitation.household.members.map((member) => ({
      personId: member.id,
      attending: Object.fromEntries(invitation.events.map((event) => [event.id, false])),
      dietary: [],
    })),
    answers: {},
    expectedRevision,
    submissionId,
  };
}

export interface LiveEvent {
  kind: string;
  /** On "announcement" events. */
  announcement?: { message: string } | null;
  /** On "snapshot" events (when the page connects, and after a switch changes). */
  state?: { announcement: { message: string } | null };
}

/** One open page's live stream (tRPC over server-sent events) and everything it has received. */
export function openLiveFeed(base: string) {
  const events: LiveEvent[] = [];
  const source = new EventSource(new URL("trpc/live.feed", base));
  source.addEventListener("message", (event) => events.push(JSON.parse(event.data)));
  return {
    events,
    announced: (message: string) =>
      events.some((event) => (event.announcement ?? event.state?.announcement)?.message === message),
    close: () => source.close(),
  };
}
