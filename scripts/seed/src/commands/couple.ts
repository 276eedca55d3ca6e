// `seed couple add <email>` / `seed couple remove <email>`: the couple's accounts, the only ones with the `couple`
// custom claim the BFF checks for the couple's pages.
//
// `add` creates the account itself, so nobody else's account can become the couple's: an account that already
// exists with that address was made by someone else (anyone can sign up from a browser while sign-up is open), and
// `add` refuses it and grants nothing. `--adopt-existing` takes such an account over only when its email is verified,
// and then gives it a new password nobody knows and ends every session opened before, so whoever made it is out.
// Accounts this command made are recognised by their uid (`couple-…`: a browser signing up never picks its uid) and
// carry `coupleAccount: "created" | "adopted"` next to the claim; running `add` again for them changes nothing.
// `remove` takes the claim away and ends the account's sessions in the same run.

import { randomBytes, randomUUID } from "node:crypto";
import type { Io } from "@boda/kit/io";
import { CommandError } from "@boda/kit/problems";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { Command } from "commander";
import type { UserRecord } from "firebase-admin/auth";
import { z } from "zod";
import { type TargetOptions, withFirebase } from "../target";

export const COUPLE_CLAIM = "couple";
/** How the account became the couple's; only this command sets it. */
export const COUPLE_ACCOUNT_MARK = "coupleAccount";
/** Uids of the accounts this command creates start with this; a browser signing up gets a random uid. */
export const COUPLE_UID_PREFIX = "couple-";

export interface CoupleResult {
  uid: string;
  status: "created" | "already" | "adopted";
  /** A link to choose a password (nobody knows the account's password until then). */
  passwordLink: string;
}

export interface AddCoupleOptions {
  /** Take over an account that exists already, if its email is verified (see the file's comment). */
  adoptExisting?: boolean;
}

function parseEmail(email: string, example: string): string {
  const parsed = z.email().safeParse(email.trim());
  if (!parsed.success) {
    throw new CommandError(`"${email}" is not an email address; nothing was changed.`, [
      { where: "email", message: "give the address the couple signs in with", example },
    ]);
  }
  return parsed.data.toLowerCase();
}

async function findUser(firebase: FirebaseHandles, address: string): Promise<UserRecord | undefined> {
  return firebase.auth.getUserByEmail(address).catch((error: { code?: string }) => {
    if (error.code === "auth/user-not-found") return undefined;
    throw error;
  });
}

/** A password nobody is shown: the couple sets their own through the link. */
function unknownPassword(): string {
  return randomBytes(32).toString("base64url");
}

function madeByThisCommand(user: UserRecord): boolean {
  return user.uid.startsWith(COUPLE_UID_PREFIX) || typeof user.customClaims?.[COUPLE_ACCOUNT_MARK] === "string";
}

/**
 * Ends every session of `uid` opened so far: its refresh tokens stop working and the BFF (which verifies with
 * `checkRevoked`) refuses its ID tokens on their next call. Firebase records the revocation to the whole second and
 * keeps tokens signed in during that same second, so this first waits for the next second to begin.
 */
export async function endSessions(firebase: FirebaseHandles, uid: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
  await firebase.auth.revokeRefreshTokens(uid);
}

function existingAccountError(address: string, user: UserRecord): CommandError {
  const created = user.metadata.creationTime ? `, created ${user.metadata.creationTime}` : "";
  return new CommandError(
    `Refused: an account for ${address} already exists (uid ${user.uid}${created}) and was not created by ` +
      "`pnpm seed couple add`. Anyone can sign up with an address they do not own, so this account could be a " +
      "stranger's; it was not given the couple's access. Nothing was changed.",
    [
      {
        where: "if this account is yours",
        message:
          "verify its email address (open the verification email Firebase sent it), then run the command again with " +
          "--adopt-existing: it gets a new password (you choose it through the link printed) and every session " +
          "opened on it before is ended",
        example: `pnpm seed couple add ${address} --adopt-existing`,
      },
      {
        where: "if it is not yours, or you are not sure",
        message:
          "delete it (Firebase console → Authentication → Users, or `firebase auth:export` to look first), then run " +
          "`pnpm seed couple add` again: it creates a fresh account only you can set a password for",
        example: `pnpm seed couple add ${address}`,
      },
    ],
  );
}

export async function addCouple(
  firebase: FirebaseHandles,
  email: string,
  options: AddCoupleOptions = {},
): Promise<CoupleResult> {
  const address = parseEmail(email, "pnpm seed couple add lucia@example.com");
  const { auth } = firebase;
  const existing = await findUser(firebase, address);
  let status: CoupleResult["status"];
  let uid: string;
  if (!existing) {
    uid = `${COUPLE_UID_PREFIX}${randomUUID().replaceAll("-", "")}`;
    // createUser (unlike importUsers) refuses an address that is already taken, so a sign-up racing this command
    // cannot end up as a second account with the same address.
    await auth
      .createUser({ uid, email: address, emailVerified: false, password: unknownPassword() })
      .catch(async (error: { code?: string }) => {
        if (error.code !== "auth/email-already-exists") throw error;
        const raced = await findUser(firebase, address);
        throw raced ? existingAccountError(address, raced) : error;
      });
    // Until this line the account has no claim, so it can see nothing more than a stranger.
    await auth.setCustomUserClaims(uid, { [COUPLE_CLAIM]: true, [COUPLE_ACCOUNT_MARK]: "created" });
    status = "created";
  } else if (madeByThisCommand(existing)) {
    uid = existing.uid;
    const mark = existing.customClaims?.[COUPLE_ACCOUNT_MARK] ?? "created";
    if (existing.customClaims?.[COUPLE_CLAIM] !== true || existing.customClaims?.[COUPLE_ACCOUNT_MARK] !== mark) {
      await auth.setCustomUserClaims(uid, { [COUPLE_CLAIM]: true, [COUPLE_ACCOUNT_MARK]: mark });
    }
    status = "already";
  } else if (!options.adoptExisting) {
    throw existingAccountError(address, existing);
  } else if (!existing.emailVerified) {
    throw new CommandError(
      `Refused: ${address} has an account that was not created by \`pnpm seed couple add\`, and its email is not ` +
        "verified, so nothing shows that whoever made it reads that mailbox. --adopt-existing only takes over a " +
        "verified account. Nothing was changed.",
      [
        {
          where: "if this account is yours",
          message: "verify its email address first (the verification email Firebase sent), then run this again",
          example: `pnpm seed couple add ${address} --adopt-existing`,
        },
        {
          where: "otherwise",
          message:
            "delete the account (Firebase console → Authentication → Users) and run the command without the flag",
          example: `pnpm seed couple add ${address}`,
        },
      ],
    );
  } else {
    uid = existing.uid;
    // In this order: first nobody knows the password any more, then every session opened before is ended, and only
    // then does the account get the claim — so no session opened by whoever made the account ever carries it.
    await auth.updateUser(uid, { password: unknownPassword() });
    await endSessions(firebase, uid);
    await auth.setCustomUserClaims(uid, { [COUPLE_CLAIM]: true, [COUPLE_ACCOUNT_MARK]: "adopted" });
    status = "adopted";
  }
  return { uid, status, passwordLink: await auth.generatePasswordResetLink(address) };
}

export interface RemoveCoupleResult {
  uid: string;
  status: "removed" | "was-not-couple";
}

/** Takes the couple's access away from `email`'s account and ends its open sessions before returning. */
export async function removeCouple(firebase: FirebaseHandles, email: string): Promise<RemoveCoupleResult> {
  const address = parseEmail(email, "pnpm seed couple remove lucia@example.com");
  const user = await findUser(firebase, address);
  if (!user) {
    throw new CommandError(`There is no account for ${address}; nothing was changed.`, [
      { where: "email", message: "give the address the couple account was added with" },
    ]);
  }
  const {
    [COUPLE_CLAIM]: wasCouple,
    [COUPLE_ACCOUNT_MARK]: _mark,
    ...otherClaims
  } = (user.customClaims ?? {}) as Record<string, unknown>;
  await firebase.auth.setCustomUserClaims(user.uid, otherClaims);
  // Sessions opened before this point keep the claim inside their ID tokens until revoked: end them now.
  await endSessions(firebase, user.uid);
  return { uid: user.uid, status: wasCouple === true ? "removed" : "was-not-couple" };
}

export function registerCoupleCommand(program: Command, io: Io, targetOptions: () => TargetOptions): void {
  const couple = program
    .command("couple")
    .summary("add <email> | remove <email>: the couple's accounts")
    .description("The couple's accounts: the only ones that see every household's answers.");
  couple
    .command("add")
    .description(
      "create the couple's account (it prints a link to choose a password). If an account with that address exists " +
        "already and was not made by this command, it refuses and grants nothing.",
    )
    .argument("<email>", "the address the couple will sign in with")
    .option(
      "--adopt-existing",
      "take over an existing account instead, only if its email is verified: it gets a new password (set through " +
        "the link) and every session opened on it before is ended",
    )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  pnpm seed couple add lucia@example.com",
        "  pnpm seed couple add mateo@example.com",
        "  pnpm seed couple add lucia@example.com --adopt-existing",
      ].join("\n"),
    )
    .action(async (email: string, options: { adoptExisting?: boolean }) => {
      await withFirebase(io, targetOptions(), ["auth"], async (firebase) => {
        const result = await addCouple(firebase, email, { adoptExisting: options.adoptExisting });
        const what = {
          created: "Created the couple account",
          already: "Already a couple account (nothing changed)",
          adopted: "Took over the existing account as the couple's (new password; earlier sessions ended)",
        }[result.status];
        io.out(`${what}: ${email.trim().toLowerCase()} (uid ${result.uid}).`);
        io.out(`Choose a password here: ${result.passwordLink}`);
      });
    });
  couple
    .command("remove")
    .description("take the couple's access away from an account and end its open sessions at once")
    .argument("<email>", "the address the account was added with")
    .addHelpText("after", "\nExample:\n  pnpm seed couple remove mateo@example.com")
    .action(async (email: string) => {
      await withFirebase(io, targetOptions(), ["auth"], async (firebase) => {
        const result = await removeCouple(firebase, email);
        io.out(
          result.status === "removed"
            ? `Removed the couple's access from ${email.trim().toLowerCase()} (uid ${result.uid}); its sessions are ended.`
            : `${email.trim().toLowerCase()} was not a couple account; its sessions are ended anyway.`,
        );
      });
    });
}
