// Email-link sign-in through Firebase Auth, driven by the BFF so browsers never create or name an account.
// firebase-admin can only *generate* such a link (`generateSignInWithEmailLink`), not send it, so the BFF asks the
// Identity Toolkit REST API (`accounts:sendOobCode`, what the browser SDK's `sendSignInLinkToEmail` calls) to
// email it, with the web API key. Before that the household's own account (`household:<key>`, the one its invite
// link signs in) is given the household's email by the admin SDK: the link then signs in that account, never a new
// one, which keeps working with browser sign-up turned off. The link returns to the page with the household's key;
// the page hands the code to the BFF, which checks it (`accounts:signInWithEmailLink`) and mints the same custom
// token the invite link gives. The Auth emulator serves the same two calls and keeps every link it "emails" at
// `GET /emulator/v1/projects/{project}/oobCodes`.
import type { Auth } from "firebase-admin/auth";
import type { Household } from "../contract/household";
import { EMAIL_LINK_HOUSEHOLD_PARAM } from "../contract/routes";
import type { EmailLinks } from "./lost-invitation";
import { householdUid } from "./viewer";

export function firebaseEmailLinks(options: {
  auth: Pick<Auth, "updateUser" | "createUser">;
  apiKey: string;
  /** `host:port` of the Auth emulator, when running on the emulators. */
  authEmulatorHost?: string;
  /** Where the link brings the guest back: the site's address. */
  siteUrl: string;
}): EmailLinks {
  const base = options.authEmulatorHost
    ? `http://${options.authEmulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";

  async function call(method: string, body: object, locale?: string): Promise<{ localId?: string }> {
    const response = await fetch(`${base}/${method}?key=${encodeURIComponent(options.apiKey)}`, {
      method: "POST",
      // The email's language, as the browser SDK sets it from `auth.languageCode`.
      headers: { "content-type": "application/json", ...(locale ? { "x-firebase-locale": locale } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as { localId?: string; error?: { message?: string } };
    if (!response.ok) throw new Error(`Firebase Auth ${method} answered ${answer.error?.message ?? response.status}`);
    return answer;
  }

  async function giveAccountEmail(uid: string, email: string): Promise<void> {
    try {
      await options.auth.updateUser(uid, { email, emailVerified: true });
    } catch (error) {
      if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
      await options.auth.createUser({ uid, email, emailVerified: true });
    }
  }

  return {
    async send(household: Household) {
      if (!household.email) return;
      await giveAccountEmail(householdUid(household.key), household.email);
      // No `lang` here: Firebase adds its own (the email's language) when it sends the guest back.
      const continueUrl = new URL(options.siteUrl);
      continueUrl.searchParams.set(EMAIL_LINK_HOUSEHOLD_PARAM, household.key);
      await call(
        "accounts:sendOobCode",
        {
          requestType: "EMAIL_SIGNIN",
          email: household.email,
          continueUrl: continueUrl.href,
          canHandleCodeInApp: true,
        },
        household.language,
      );
    },
    async confirm(email, oobCode) {
      const answer = await call("accounts:signInWithEmailLink", { email, oobCode });
      if (!answer.localId) throw new Error("Firebase Auth signed in no account.");
      return answer.localId;
    },
  };
}
