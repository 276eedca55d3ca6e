// A guest's browser reduced to HTTP calls against a running BFF: tRPC queries and mutations, signing in with an
// invitation at the Auth emulator, and the live stream. Used by the production-bundle tests and the capacity measure.
import { randomUUID } from "node:crypto";
import type { InvitationView } from "@boda/server/contract/site-view";
import { EventSource } from "eventsource";

export interface TrpcAnswer<T = unknown> {
  status: number;
  headers: Headers;
  data?: T;
  error?: { message: string; data: { code?: string; reason?: string; issues?: unknown[] } & Record<string, unknown> };
}

async function answerOf<T>(response: Response): Promise<TrpcAnswer<T>> {
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcAnswer["error"] };
  return { status: response.status, headers: response.headers, data: body.result?.data, error: body.error };
}

const authorization = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export async function trpcQuery<T = unknown>(
  base: string,
  procedure: string,
  options: { input?: unknown; token?: string } = {},
): Promise<TrpcAnswer<T>> {
  const url = new URL(`trpc/${procedure}`, base);
  if (options.input !== undefined) url.searchParams.set("input", JSON.stringify(options.input));
  return answerOf<T>(await fetch(url, { headers: authorization(options.token) }));
}

export async function trpcMutation<T = unknown>(
  base: string,
  procedure: string,
  input: unknown,
  token?: string,
): Promise<TrpcAnswer<T>> {
  const response = await fetch(new URL(`trpc/${procedure}`, base), {
    method: "POST",
    headers: { "content-type": "application/json", ...authorization(token) },
    body: JSON.stringify(input),
  });
  return answerOf<T>(response);
}

/** What a browser does with an invite link: redeem the code at the BFF, then sign in at the Auth emulator. */
export async function signInWithInvite(base: string, code: string, authEmulatorHost: string): Promise<string> {
  const redeemed = await trpcMutation<{ token: string }>(base, "invitations.redeem", { code });
  if (!redeemed.data?.token)
    throw new Error(`Redeeming ${code} failed (${redeemed.status}): ${redeemed.error?.message}`);
  return idTokenFor(authEmulatorHost, redeemed.data.token);
}

/** Trades the BFF's custom token for an ID token at the Auth emulator, as the page's Firebase Auth SDK does. */
export async function idTokenFor(authEmulatorHost: string, customToken: string): Promise<string> {
  const response = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`The Auth emulator refused the custom token: ${JSON.stringify(body.error)}`);
  return body.idToken;
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
