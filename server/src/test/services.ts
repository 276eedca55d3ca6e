// Builds the BFF's real services over a test Firestore, and callers that act as a given viewer.
import type { Firestore } from "firebase-admin/firestore";
import { type ContentCache, createContentCache } from "../content/content-cache";
import { createContentRepository } from "../content/content-repository";
import type { Services, Viewer } from "../context";
import { appRouter } from "../routers/_app";
import { createCallerFactory } from "../trpc";

export const quietLog = { error: () => {} };

export function servicesFor(firestore: Firestore): Services & { content: ContentCache } {
  return { content: createContentCache(createContentRepository(firestore), quietLog) };
}

const createCaller = createCallerFactory(appRouter);

export function callerFor(services: Services, viewer: Viewer = { tags: [] }) {
  return createCaller({ services, viewer });
}
