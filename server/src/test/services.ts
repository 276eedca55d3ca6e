// Builds the BFF's real services over a test Firestore, and callers that act as a given viewer.
import { fileURLToPath } from "node:url";
import { getRemoteConfig } from "firebase-admin/remote-config";
import { templateFileSwitches } from "../config/switches-source";
import { type ContentCache, createContentCache } from "../content/content-cache";
import { createContentRepository } from "../content/content-repository";
import type { Services, Viewer } from "../context";
import { appRouter } from "../routers/_app";
import { createCallerFactory } from "../trpc";
import type { TestFirestore } from "./emulators";

export const quietLog = { error: () => {} };

const TEMPLATE_FILE = fileURLToPath(new URL("../../../remoteconfig.template.json", import.meta.url));

/** The real services over a test Firestore; switches come from the repository's template file. */
export function servicesFor(db: TestFirestore, templateFile = TEMPLATE_FILE): Services & { content: ContentCache } {
  return {
    content: createContentCache(createContentRepository(db.firestore), quietLog),
    switches: templateFileSwitches(getRemoteConfig(db.app), templateFile),
    firebaseWebConfig: { projectId: "demo-boda", apiKey: "demo-api-key", authEmulatorUrl: "http://127.0.0.1:9099" },
  };
}

const createCaller = createCallerFactory(appRouter);

export function callerFor(services: Services, viewer: Viewer = { tags: [] }) {
  return createCaller({ services, viewer });
}
