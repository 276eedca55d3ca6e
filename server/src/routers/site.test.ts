// The public content query, read from a real Firestore emulator through the content cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
