// The public content query, read from a real Firestore emulator through the content cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANGES_COLLECTION } from "../contract/firestore-paths";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { callerFor, servicesFor } from "../test/services";

describe("site.content", () => {
  let db: TestFirestore;
  let services: ReturnType<typeof servicesFor>;

  beforeAll(() => {
    db = isolatedFirestore("site");
    services = servicesFor(db);
  });
  afterAll(async () => {
    services.content.close();
    await db.close();
  });

  it("should say the details are not published yet when nothing was seeded", async () => {
    await expect(callerFor(services).site.content()).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("not been published yet"),
    });
  });

  it("should return the couple, the date and the public program that was seeded", async () => {
    const content = exampleContent();
    await publishContent(db.firestore, content, 1);
    await expect.poll(() => services.content.current().then((p) => p?.version)).toBe(1);

    const site = await callerFor(services).site.content();
    expect(site.couple.names).toEqual(["Lucía", "Mateo"]);
    expect(site.wedding).toEqual({ date: "2027-06-12", timeZone: "Europe/Madrid" });
    expect(site.events.map((event) => event.id)).toEqual(["ceremonia", "banquete", "fiesta"]);
    expect(site.events[0]).toMatchObject({ locationName: "Iglesia Prioral de Santa María", start: "2027-06-12T18:00" });
    expect(site.version).toBe(1);
  });

  it("should ONLY show a family-only event to guests tagged as family", async () => {
    const family = await callerFor(services, { tags: ["familia"] }).site.content();
    const friend = await callerFor(services, { tags: ["amigos"] }).site.content();
    expect(family.events.map((event) => event.id)).toContain("cena-ensayo");
    expect(friend.events.map((event) => event.id)).not.toContain("cena-ensayo");
  });

  it("should serve a new publish without a restart (the cache follows Firestore)", async () => {
    const content = exampleContent();
    content.hero.title = { es: "¡Cambio de planes!", en: "Change of plans!" };
    await publishContent(db.firestore, content, 2);
    await expect
      .poll(() =>
        callerFor(services)
          .site.content()
          .then((site) => site.hero.title.es),
      )
      .toBe("¡Cambio de planes!");
  });

  it("should tell guests what moved, newest first, and only for events they may see", async () => {
    const content = exampleContent();
    const church = { locationId: "iglesia-santa-maria", name: "Iglesia Prioral de Santa María", address: "Plaza" };
    const home = { locationId: "casa-familia", name: "Casa de la familia de Lucía", address: "Calle San Felipe 12" };
    const changes = db.firestore.collection(CONTENT_CHANGES_COLLECTION);
    await changes.add({
      eventId: "ceremonia",
      eventTitle: { es: "Ceremonia", en: "Ceremony" },
      changed: ["start", "end"],
      before: { start: "2027-06-12T18:00", end: "2027-06-12T19:00", place: church },
      after: { start: "2027-06-12T18:30", end: "2027-06-12T19:30", place: church },
      changedAt: "2027-05-20T10:00:00.000Z",
      contentVersion: 3,
    });
    await changes.add({
      eventId: "cena-ensayo",
      eventTitle: { es: "Cena de ensayo", en: "Rehearsal dinner" },
      changed: ["start"],
      before: { start: "2027-06-11T21:00", end: "2027-06-11T23:30", place: home },
      after: { start: "2027-06-11T21:30", end: "2027-06-11T23:30", place: home },
      changedAt: "2027-05-21T10:00:00.000Z",
      contentVersion: 4,
    });
    await publishContent(db.firestore, content, 4);
    await expect.poll(() => services.content.current().then((published) => published?.version)).toBe(4);

    const stranger = await callerFor(services).site.content();
    expect(stranger.changes.map((change) => change.eventId)).toEqual(["ceremonia"]);
    expect(stranger.changes[0]?.after.start).toBe("2027-06-12T18:30");
    const family = await callerFor(services, { tags: ["familia"] }).site.content();
    expect(family.changes.map((change) => change.eventId)).toEqual(["cena-ensayo", "ceremonia"]);
  });
});
