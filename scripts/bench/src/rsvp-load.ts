// RSVP submit latency for `pnpm bench`: many households answer at the same moment (the reminder went out). Each
// redeems its code at the BFF from its own local address, signs in at the Auth emulator as the browser SDK does,
// reads its invitation, then all submit together, round after round (each round changes the saved answer).
import http from "node:http";
import { idTokenFor } from "@boda/server/client/emulator-id-token";
import { call, type TrpcAnswer } from "@boda/server/client/trpc-over-http";
import type { InvitationView } from "@boda/server/contract/site-view";

export interface BenchInvite {
  key: string;
  code: string;
}

function dataOf<T>(answer: TrpcAnswer, what: string): T {
  if (answer.status !== 200 || !answer.body.result) {
    throw new Error(`${what} failed (${answer.status}): ${answer.body.error?.message ?? JSON.stringify(answer.body)}`);
  }
  return answer.body.result.data as T;
}

/** Everyone comes to everything, with the first meal where one is served; round `n` changes the message. */
function answerFor(invitation: InvitationView, round: number, expectedRevision: number) {
  const firstMeal = invitation.meals[0]?.id;
  const attending = Object.fromEntries(invitation.events.map((event) => [event.id, true]));
  const needsMeal = invitation.events.some((event) => event.meal);
  return {
    people: invitation.household.members.map((member) => ({
      personId: member.id,
      attending,
      ...(needsMeal && firstMeal ? { mealId: firstMeal } : {}),
      dietary: [],
    })),
    answers: {},
    message: `Allí estaremos (${round + 1})`,
    expectedRevision,
  };
}

interface Latencies {
  submits: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

export interface RsvpLatency extends Latencies {
  households: number;
  rounds: number;
  /** Ten submits one after another, before the concurrent rounds. */
  alone: Latencies;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export async function measureRsvpSubmits(options: {
  bffUrl: string;
  authEmulatorHost: string;
  invites: BenchInvite[];
  rounds: number;
}): Promise<RsvpLatency> {
  const households = await Promise.all(
    options.invites.map(async (invite, index) => {
      // A browser of its own: its own local address (the redemption limit is per address) and kept-alive connection.
      const agent = new http.Agent({ keepAlive: true, localAddress: `127.0.0.${2 + index}` });
      const redeemed = dataOf<{ token: string }>(
        await call(options.bffUrl, "invitations.redeem", { agent, mutation: true, input: { code: invite.code } }),
        `Redeeming ${invite.key}`,
      );
      const token = await idTokenFor(redeemed.token, options.authEmulatorHost);
      const invitation = dataOf<InvitationView>(
        await call(options.bffUrl, "invitations.mine", { agent, token }),
        `Reading ${invite.key}'s invitation`,
      );
      return { agent, token, invitation, revision: invitation.rsvp?.revision ?? 0 };
    }),
  );

  type Household = (typeof households)[number];
  let round = 0;
  const latencies: number[] = [];
  let errors = 0;
  const submit = async (household: Household) => {
    const started = performance.now();
    const answer = await call(options.bffUrl, "rsvp.submit", {
      agent: household.agent,
      mutation: true,
      token: household.token,
      input: answerFor(household.invitation, round, household.revision),
    });
    latencies.push(performance.now() - started);
    if (answer.status !== 200) {
      errors += 1;
      return;
    }
    household.revision = dataOf<{ revision: number }>(answer, "Submitting").revision;
  };
  const summary = () => {
    const sorted = latencies.splice(0).toSorted((a, b) => a - b);
    const found: Latencies = {
      submits: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? Number.NaN,
      errors,
    };
    errors = 0;
    return found;
  };

  // First one household at a time: what a single answer costs when nobody else is answering.
  for (const household of households.slice(0, 10)) await submit(household);
  round += 1;
  const alone = summary();
  for (let rounds = 0; rounds < options.rounds; rounds++, round++) await Promise.all(households.map(submit));
  const together = summary();
  for (const household of households) household.agent.destroy();
  return { households: households.length, rounds: options.rounds, alone, ...together };
}
