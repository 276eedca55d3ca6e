// Readiness probe for Firestore: one cheap call, bounded in time so /readyz answers even when Firestore hangs.
import type { Firestore } from "firebase-admin/firestore";

export async function pingFirestore(firestore: Firestore, timeoutMs = 3000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([firestore.listCollections(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
