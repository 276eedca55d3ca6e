// Sending the household's answer (`rsvp.submit`). Each answer sent carries an idempotency key, made once and reused
// on its retries: after an outcome the page does not know (no reply, a 5xx) it asks whether that key landed, and a
// retry can never save it twice. A send that did not save comes back sorted for the form: the rules the BFF refused
// it by, or the problem to show.
import { isAttendingAnything } from "@boda/server/contract/attendance";
import type { RsvpInput } from "@boda/server/contract/rsvp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useRef } from "react";
import { track } from "../../../lib/analytics";
import { newId } from "../../../lib/new-id";
import { errorReason, type Invitation, useTRPC, useTRPCClient } from "../../../lib/trpc";

export type SavedAnswer = NonNullable<Invitation["rsvp"]>;

export type SendProblem = "network" | "server" | "conflict" | "closed";

/** Why a send did not save: the BFF's rule issues (`people[1].mealId`-style paths), or a problem for the guest. */
export type SendFailure = { rules: Array<{ path: string; code?: string }> } | { problem: SendProblem };

export function useRsvpAnswer({
  invitation,
  onSaved,
  onFailed,
}: {
  invitation: Invitation;
  onSaved: (saved: SavedAnswer) => void;
  onFailed: (failure: SendFailure) => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  /** The answer last sent and its key; kept until its outcome is known, so a retry of the same answer reuses it. */
  const pending = useRef<{ key: string; sent: string } | null>(null);

  /** The household's invitation as saved now, asked again rather than read from the cache. */
  const fetchLatest = () => queryClient.fetchQuery({ ...trpc.invitations.mine.queryOptions(), staleTime: 0 });

  const saved = (rsvp: SavedAnswer) => {
    pending.current = null;
    queryClient.setQueryData(trpc.invitations.mine.queryKey(), { ...invitation, rsvp });
    track({
      name: "rsvp_sent",
      params: { coming: rsvp.people.filter(isAttendingAnything).length, people: rsvp.people.length },
    });
    onSaved(rsvp);
  };

  /** After an outcome the page does not know: did this key land? (`invitations.mine` names the last key applied.) */
  const landed = async (key: string): Promise<SavedAnswer | null> => {
    try {
      const latest = await fetchLatest();
      return latest.rsvp?.submissionId === key ? latest.rsvp : null;
    } catch {
      return null;
    }
  };

  const failed = (error: unknown) => {
    const reason = errorReason(error);
    if (reason === "rsvp-rules") {
      const data = error instanceof TRPCClientError ? (error.data as { issues?: unknown } | undefined) : undefined;
      const issues = data?.issues as Array<{ path: string; code?: string }> | undefined;
      onFailed({ rules: issues ?? [] });
      return;
    }
    if (reason === "answer-changed") onFailed({ problem: "conflict" });
    else if (reason === "deadline-passed" || reason === "closed" || reason === "not-open-yet") {
      onFailed({ problem: "closed" });
      void queryClient.invalidateQueries({ queryKey: trpc.invitations.mine.queryKey() });
    } else {
      const status = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
      onFailed({ problem: typeof status === "number" && status >= 500 ? "server" : "network" });
    }
  };

  const send = useMutation({
    mutationFn: (input: RsvpInput) => client.rsvp.submit.mutate(input),
    onSuccess: (rsvp) => saved(rsvp),
    onError: async (error, input) => {
      const status = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
      // No reply, or 5xx: the answer may have landed. Ask; if not, the retry keeps the key and cannot save twice.
      const unknownOutcome = typeof status !== "number" || status >= 500;
      if (!unknownOutcome) pending.current = null;
      else if (input.submissionId) {
        const found = await landed(input.submissionId);
        if (found) {
          saved(found);
          return;
        }
      }
      failed(error);
    },
  });

  /** Sends the answer: the same answer sent again (a retry) keeps its key; a changed answer gets a new one. */
  const sendAnswer = (input: RsvpInput) => {
    const { submissionId: _, ...answer } = input;
    const sent = JSON.stringify(answer);
    const key = pending.current?.sent === sent ? pending.current.key : newId();
    pending.current = { key, sent };
    send.mutate({ ...answer, submissionId: key });
  };

  return { send: sendAnswer, isPending: send.isPending, isSuccess: send.isSuccess, fetchLatest };
}
