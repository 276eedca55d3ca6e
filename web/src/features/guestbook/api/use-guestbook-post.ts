// Posting a message to the guestbook (`guestbook.post`). A refusal comes back sorted for the form: too many posts
// (and in how many minutes to try again), the guestbook closed, or no answer from the network.
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { errorReason, useTRPCClient } from "../../../lib/trpc";

export type PostFailure = { problem: "too-many"; retryMinutes: number } | { problem: "closed" | "network" };

export function useGuestbookPost({
  onPosted,
  onFailed,
}: {
  onPosted: () => void;
  onFailed: (failure: PostFailure) => void;
}) {
  const client = useTRPCClient();
  return useMutation({
    mutationFn: (text: string) => client.guestbook.post.mutate({ message: text }),
    onSuccess: onPosted,
    onError: (error) => {
      const reason = errorReason(error);
      if (reason === "too-many-posts") {
        const seconds = error instanceof TRPCClientError ? Number(error.data?.retryAfterSeconds ?? 60) : 60;
        onFailed({ problem: "too-many", retryMinutes: Math.max(1, Math.ceil(seconds / 60)) });
      } else onFailed({ problem: reason === "guestbook-closed" ? "closed" : "network" });
    },
  });
}
