// Push messages: one per language topic (English falls back to Spanish); refused in emulator mode, where nothing
// can be sent. Only the send itself is replaced here: Messaging has no emulator.

import { CommandError } from "@boda/kit/problems";
import { describe, expect, it, vi } from "vitest";
import { buildNotifyMessages, sendNotification } from "./notify";

const input = { message: "El autobús sale en 15 minutos", title: "Lucía & Mateo", link: "https://boda.example/#/" };

describe("notify", () => {
  it("builds one message per language topic, English falling back to Spanish", () => {
    expect(buildNotifyMessages(input)).toEqual([
      {
        topic: "guests-es",
        notification: { title: "Lucía & Mateo", body: input.message },
        webpush: { fcmOptions: { link: input.link }, notification: { lang: "es" } },
      },
      {
        topic: "guests-en",
        notification: { title: "Lucía & Mateo", body: input.message },
        webpush: { fcmOptions: { link: input.link }, notification: { lang: "en" } },
      },
    ]);
    expect(buildNotifyMessages({ ...input, en: "The coach leaves in 15 minutes" })[1]?.notification?.body).toBe(
      "The coach leaves in 15 minutes",
    );
  });

  it("refuses an empty message", () => {
    expect(() => buildNotifyMessages({ ...input, message: "  " })).toThrow(CommandError);
  });

  it("says plainly it cannot send in emulator mode, and sends nothing", async () => {
    const send = vi.fn(async () => ({ successCount: 2, failureCount: 0 }));
    await expect(sendNotification(true, buildNotifyMessages(input), send)).rejects.toThrow(
      /Not sent: push messages need a real Firebase project/,
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("sends every message to a real project", async () => {
    const send = vi.fn(async () => ({ successCount: 2, failureCount: 0 }));
    const messages = buildNotifyMessages(input);
    await expect(sendNotification(false, messages, send)).resolves.toEqual({ successCount: 2, failureCount: 0 });
    expect(send).toHaveBeenCalledWith(messages);
  });
});
