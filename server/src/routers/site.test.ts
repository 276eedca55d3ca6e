// The content query, read from a real Firestore emulator through the content cache, as each kind of viewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/viewer";
import { CONTENT_CHANGES_COLLECTION } from "../contract/firestore-paths";
import type { OpenSiteView, SiteView } from "../contract/site-view";
import { exampleContent, isolatedFirestore, publishContent, type TestFirestore } from "../test/emulators";
import { callerFor, releaseResources, testBff, testHousehold } from "../test/services";

const family: Viewer = {
  kind: "household",
  uid: "household:fam",
  household: testHousehold("fam", { tags: ["familia"] }),
};
const friends: Viewer = {
  kind: "household",
  uid: "household:ami",
  household: testHousehold("ami", { tags: ["amigos"] }),
};

function open(view: SiteView): OpenSiteView {
  if (view.access === "invited-only") throw new Error("expected the page's content, got the invited-only view");
  return view;
}

describe("site.content", () => {
  let db: TestFirestore;
  let bff: ReturnType<typeof testBff>;

  beforeAll(() => {
    db = isolatedFirestore("site");
    bff = testBff(db);
  });
  afterAll(async () => {
    await releaseResources(bff);
    await db.close();
  });

  it("should say the details are not published yet when nothing was seeded", async () => {
    await expect(callerFor(bff.services).site.content()).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("not been published yet"),
    });
  });

  it("should give a stranger the couple, the date and the public program, and no private details", async () => {
    await publishContent(db.firestore, exampleContent(), 1);
    await expect.poll(() => bff.services.content.current().then((p) => p?.version)).toBe(1);

    const site = open(await callerFor(bff.services).site.content());
    expect(site.access).toBe("basics");
    expect(site.couple.names).toEqual(["Lucía", "Mateo"]);
    expect(site.wedding).toEqual({ date: "2027-06-12", timeZone: "Europe/Madrid" });
    expect(site.events.map((event) => event.id)).toEqual(["ceremonia", "banquete", "fiesta"]);
    expect(site.events[0]).toMatchObject({ locationName: "Iglesia Prioral de Santa María", start: "2027-06-12T18:00" });
    const wire = JSON.stringify(site);
    expect(wire).not.toContain("ES91");
    expect(wire).not.toContain("BODA-LYM");
    expect(wire).not.toContain("+34600111222");
    expect(site.version).toBe(1);
  });

  it("should give an invited household everything, with the family-only event only for family", async () => {
    const forFamily = open(await callerFor(bff.services, family).site.content());
    const forFriends = open(await callerFor(bff.services, friends).site.content());
    expect(forFamily.access).toBe("full");
    expect(forFamily.events.map((event) => event.id)).toContain("cena-ensayo");
    expect(forFriends.events.map((event) => event.id)).not.toContain("cena-ensayo");
    expect(forFriends.gifts?.bankTransfer?.iban).toBe("ES91 2100 0418 4502 0005 1332");
    expect(forFriends.contacts[0]?.phone).toBe("+34600111222");
    // Which tags may see an event is the BFF's business, not the page's.
    expect(JSON.stringify(forFamily)).not.toContain("visibleTo");
  });

  it("should serve a new publish without a restart (the cache follows Firestore)", async () => {
    const content = exampleContent();
    content.hero.title = { es: "¡Cambio de planes!", en: "Change of plans!" };
    await publishContent(db.firestore, content, 2);
    await expect
      .poll(() =>
        callerFor(bff.services)
          .site.content()
          .then((site) => open(site).hero.title.es),
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
    await expect.poll(() => bff.services.content.current().then((published) => published?.version)).toBe(4);

    const stranger = open(await callerFor(bff.services).site.content());
    expect(stranger.changes.map((change) => change.eventId)).toEqual(["ceremonia"]);
    expect(stranger.changes[0]?.after.start).toBe("2027-06-12T18:30");
    const forFamily = open(await callerFor(bff.services, family).site.content());
    expect(forFamily.changes.map((change) => change.eventId)).toEqual(["cena-ensayo", "ceremonia"]);
  });
});
