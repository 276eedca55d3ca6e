// tRPC is created once here; routers import `router` and procedures from this file only.
import { initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import type { RequestContext } from "./context";
import { readableIssues } from "./contract/issues";

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    // Bad input comes back as a list of { path, message } a form can show next to the right field.
    const issues = error.cause instanceof ZodError ? readableIssues(error.cause) : undefined;
    return { ...shape, data: { ...shape.data, stack: undefined, issues } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
