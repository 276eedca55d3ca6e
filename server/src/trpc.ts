// tRPC is created once here; routers import `router` and the procedures from this file only. Authorization lives
// here too: `sessionlessProcedure` (anyone, whatever sign-in the browser holds), `publicProcedure` (anyone; the
// verified viewer decides what they see), `guestProcedure` (an invited household: the protected procedure) and
// `coupleProcedure` (the `couple` claim).
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Viewer } from "./auth/viewer";
import type { RequestContext } from "./context";
import { readableIssues } from "./contract/issues";
import { GuestError, ReasonedError } from "./errors";

/** What a browser is told about a failure nobody planned for; the details are in the log under its request id. */
export const UNEXPECTED_FAILURE_MESSAGE = "Something went wrong on our side; try again shortly.";

const t = initTRPC.context<RequestContext>().create({
  sse: {
    // Pings keep proxies from closing a quiet stream and let browsers notice a dead one and reconnect.
    ping: { enabled: true, intervalMs: 20_000 },
    client: { reconnectAfterInactivityMs: 45_000 },
    // Streams end and reconnect (with a fresh snapshot) before typical proxy time limits cut them rudely.
    maxDurationMs: 4 * 60_000,
  },
  errorFormatter({ shape, error }) {
    // Bad input comes back as a list of { path, message, code } a form can show next to the right field; errors
    // raised on purpose carry a reason the page words in the guest's language.
    const reasoned = error.cause instanceof ReasonedError ? error.cause : undefined;
    const issues =
      error.cause instanceof ZodError
        ? readableIssues(error.cause)
        : reasoned instanceof GuestError
          ? reasoned.issues
          : undefined;
    return {
      ...shape,
      // An unexpected failure's own message may name internals (gRPC codes, paths, stored data): it goes to the log
      // with the request id, and the browser gets a plain sentence.
      message: error.code === "INTERNAL_SERVER_ERROR" ? UNEXPECTED_FAILURE_MESSAGE : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        issues,
        reason: reasoned?.reason,
        retryAfterSeconds: reasoned?.retryAfterSeconds,
      },
    };
  },
});

/** Errors raised on purpose keep their meaning over HTTP (401, 404, 409, 429, 503…) instead of becoming a 500. */
const reasonedErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ReasonedError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

const withViewer = t.middleware(async ({ ctx, next }) => {
  let viewer: Viewer;
  try {
    viewer = await ctx.viewer();
  } catch (error) {
    if (error instanceof ReasonedError) throw new TRPCError({ code: error.code, message: error.message, cause: error });
    throw error;
  }
  return next({ ctx: { viewer } });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * For calls that must work whoever is signed in, and never look at who it is: the page's settings (which the
 * browser needs to start its sign-in) and redeeming an invitation (which must work even with a stale sign-in).
 */
export const sessionlessProcedure = t.procedure.use(reasonedErrors);

export const publicProcedure = sessionlessProcedure.use(withViewer);

/** An invited household, signed in with its invitation; `ctx.viewer` is narrowed to it. */
export const guestProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.kind !== "household") {
    throw new TRPCError({
      code: ctx.viewer.kind === "stranger" ? "UNAUTHORIZED" : "FORBIDDEN",
      message:
        ctx.viewer.kind === "stranger"
          ? "Open your invitation link to do this."
          : "Only an invited household can do this (the couple answers through `pnpm seed`).",
    });
  }
  return next({ ctx: { viewer: ctx.viewer } });
});

/** The couple (an account with the `couple` claim, from `pnpm seed couple add`). */
export const coupleProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.kind !== "couple") {
    throw new TRPCError({
      code: ctx.viewer.kind === "stranger" ? "UNAUTHORIZED" : "FORBIDDEN",
      message: "Only the couple can see this.",
    });
  }
  return next({ ctx: { viewer: ctx.viewer } });
});
