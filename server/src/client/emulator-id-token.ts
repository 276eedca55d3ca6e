// What the page's Firebase Auth SDK does with the BFF's custom token, against the Auth emulator: trade it for an ID
// token. Used by the server's tests and by the scripts that act as a guest's browser (not test code, so both may).

/** Trades a custom token for an ID token at the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST unless given). */
export async function idTokenFor(
  customToken: string,
  authEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST,
): Promise<string> {
  if (!authEmulatorHost) throw new Error("FIREBASE_AUTH_EMULATOR_HOST is not set: no Auth emulator to sign in at.");
  const response = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`The Auth emulator refused the custom token: ${JSON.stringify(body.error)}`);
  return body.idToken;
}
