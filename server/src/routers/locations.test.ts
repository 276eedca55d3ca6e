// The locations query: places with directions links, filtered by event and by what the viewer may see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { callerFor, releaseResources, testBff, testHousehold } from "../test/services";

describe("locations.list", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;

  beforeAll(async () => {
    db = isolatedFirestore("locations");
    // Published before the BFF starts listening, so its first snapshot already holds the content.
    await publishContent(db.firestore, exampleContent(), 1);
    bff = testBff(db);
  });
  afterAll(async () => {
    await releaseResources(bff);
    await db.close();
  });

  it("should list the public places with Google, Apple, Waze and Uber links", async () => {
    const locations = await callerFor(bff.services).locations.list();
    expect(locations.map((location) => location.id)).toEqual(["iglesia-santa-maria", "hacienda-los-olivos"]);
    const church = locations[0];
    expect(new URL(church?.links.google ?? "").searchParams.get("query")).toBe(
      "Iglesia Prioral de Santa María, Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
    );
    expect(church?.links.waze).toContain("ll=37.4716%2C-5.6418");
    expect(church?.links.apple).toContain("maps.apple.com");
    expect(church?.links.uber).toContain("dropoff%5Blatitude%5D=37.4716");
  });

  it("should include the family dinner's place only for family", async () => {
    const locations = await callerFor(bff.services, {
      kind: "household",
      uid: "household:fam",
      household: testHousehold("fam"),
    }).locations.list();
    expect(locations.map((location) => location.id)).toContain("casa-familia");
  });

  it("should narrow the list to one event's place", async () => {
    const locations = await callerFor(bff.services).locations.list({ eventId: "banquete" });
    expect(locations.map((location) => location.name)).toEqual(["Hacienda Los Olivos"]);
  });

  it("should name the event when it is not on the viewer's program", async () => {
    await expect(callerFor(bff.services).locations.list({ eventId: "cena-ensayo" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'There is no event "cena-ensayo" on the program.',
    });
  });

  it("should reject an event id that is not a slug, naming the field", async () => {
    await expect(callerFor(bff.services).locations.list({ eventId: "Ceremonia Civil" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
