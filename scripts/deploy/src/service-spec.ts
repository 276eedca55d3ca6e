// The Cloud Run service as one declarative file (`gcloud run services replace`): image, environment, scaling, and
// the health probes, which Cloud Run only takes from such a file. Printed whole by the plan.
import { stringify } from "yaml";
import type { DeploySettings } from "./settings";

export const CONTAINER_PORT = 8080;

export function serviceSpec(settings: DeploySettings): Record<string, unknown> {
  const { scaling } = settings;
  return {
    apiVersion: "serving.knative.dev/v1",
    kind: "Service",
    metadata: {
      name: settings.serviceId,
      labels: { "cloud.googleapis.com/location": settings.region },
      annotations: { "run.googleapis.com/ingress": "all" },
    },
    spec: {
      template: {
        metadata: {
          labels: {
            "boda-version": settings.version
              .toLowerCase()
              .replace(/[^a-z0-9_-]/g, "-")
              .slice(0, 63),
          },
          annotations: {
            "autoscaling.knative.dev/minScale": String(scaling.minInstances),
            "autoscaling.knative.dev/maxScale": String(scaling.maxInstances),
            // A new instance gets extra CPU while it starts: it loads the content and the guest list before /readyz.
            "run.googleapis.com/startup-cpu-boost": "true",
          },
        },
        spec: {
          containerConcurrency: scaling.concurrency,
          // Live streams are long requests; Hosting ends them after 60 s anyway and the page reconnects.
          timeoutSeconds: 3600,
          serviceAccountName: settings.serviceAccount,
          containers: [
            {
              image: settings.image,
              ports: [{ name: "http1", containerPort: CONTAINER_PORT }],
              env: Object.entries(settings.containerEnv)
                .toSorted(([a], [b]) => a.localeCompare(b))
                .map(([name, value]) => ({ name, value })),
              resources: { limits: { cpu: scaling.cpu, memory: `${scaling.memoryMiB}Mi` } },
              // Traffic only once Firestore answers and the content and guest list are in memory.
              startupProbe: {
                httpGet: { path: "/readyz", port: CONTAINER_PORT },
                periodSeconds: 2,
                timeoutSeconds: 2,
                failureThreshold: 30,
              },
              livenessProbe: {
                httpGet: { path: "/healthz", port: CONTAINER_PORT },
                periodSeconds: 30,
                timeoutSeconds: 3,
                failureThreshold: 3,
              },
            },
          ],
        },
      },
      traffic: [{ percent: 100, latestRevision: true }],
    },
  };
}

export function serviceYaml(settings: DeploySettings): string {
  return stringify(serviceSpec(settings), { lineWidth: 0 });
}
