// `seed couple add <email>`: gives the couple an account with the `couple` custom claim, which the BFF checks
// for the couple's pages. A new user is created with the claim in one call; an existing one gets it added.

import { randomUUID } from "node:crypto";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import { z } from "zod";
import { SeedError } from "../errors";
import type { Io } from "../io";
import { type TargetOptions, withFirebase } from "../target";

export const COUPLE_CLAIM = "couple";

export interface CoupleResult {
  uid: string;
  status: "created" | "claim-added" | "already";
  /** A link to choose a password (the account starts without one). */
  passwordLink: string;
}

export async function addCouple(firebase: FirebaseHandles, email: string): Promise<CoupleResult> {
  const parsed = z.email().safeParse(email.trim());
  if (!parsed.success) {
    throw new SeedError(`"${email}" is not an email address; nothing was created.`, [
      {
        where: "email",
        message: "give the address the couple will sign in with",
        example: "pnpm seed couple add lucia@example.com",
      },
    ]);
  }
  const address = parsed.data.toLowerCase();
  const { auth } = firebase;
  const existing = await auth.getUserByEmail(address).catch((error: { code?: string }) => {
    if (error.code === "auth/user-not-found") return undefined;
    throw error;
  });
  let status: CoupleResult["status"];
  let uid: string;
  if (!existing) {
    uid = randomUUID().replaceAll("-", "");
    // importUsers sets the user and its claim in one request, so there is never a couple user without the claim.
    const result = await auth.importUsers([
      { uid, email: address, emailVerified: false, customClaims: { [COUPLE_CLAIM]: true } },
    ]);
    const failure = result.errors[0];
    if (failure) throw new SeedError(`Could not create ${address}: ${failure.error.message}`);
    status = "created";
  } else {
    uid = existing.uid;
    if (existing.customClaims?.[COUPLE_CLAIM] === true) status = "already";
    else {
      await auth.setCustomUserClaims(uid, { ...existing.customClaims, [COUPLE_CLAIM]: true });
      status = "claim-added";
    }
  }
  return { uid, status, passwordLink: await auth.generatePasswordResetLink(address) };
}

export function registerCoupleCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const couple = program
    .command("couple")
    .summary("add <email>: give the couple an account")
    .description("Accounts for the couple.");
  couple
    .command("add")
    .description("create (or mark) a user with the couple claim; prints a link to choose a password")
    .argument("<email>", "the address the couple will sign in with")
    .addHelpText(
      "after",
      "\nExamples:\n  pnpm seed couple add lucia@example.com\n  pnpm seed couple add mateo@example.com",
    )
    .action(async (email: string) => {
      await withFirebase(io, targetOptions(), ["auth"], async (firebase) => {
        const result = await addCouple(firebase, email);
        const what = {
          created: "Created the couple account",
          "claim-added": "Marked the existing account as the couple's",
          already: "Already a couple account (nothing changed)",
        }[result.status];
        io.out(`${what}: ${email.trim().toLowerCase()} (uid ${result.uid}).`);
        io.out(`Choose a password here: ${result.passwordLink}`);
      });
    });
}
