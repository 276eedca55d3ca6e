// What each kind of viewer sees, decided in one function: strangers by the `stranger_visibility` switch, households
// by their tags, the couple everything. Pure: the published example wedding, no emulator.
import { describe, expect, it } from "vitest";
import type { PublishedContent } from "../content/content-repository";
import type { Household } from "../contract/household";
import type { OpenSiteView } from "../contract/site-view";
import { SITE_PHASES } from "../contract/switches";
import { exampleContent } from "../test/emulators";
import { type Audience, audienceKey, buildAudienceView, createAudienceViews, seatingFor } from "./audience-view";

const published: PublishedContent = { content: exampleContent(), version: 3, changes: [] };
const PRIVATE_DETAILS = ["ES91 2100 0418 4502 0005 1332", "BODA-LYM", "+34600111222"];

function siteFor(audience: Audience) {
  return buildAudienceView(published, audience);
}

function openSite(audience: Audience): OpenSiteView {
  const { site } = siteFor(audience);
  if (site.access === "invited-only") throw new Error("expected the page's content");
  return site;
}

describe("a stranger", () => {
  it("should get only the couple's names and contact names when the couple chose 'nothing'", () => {
    const { site, locations } = siteFor({ kind: "stranger", visibility: "nothing" });
    expect(site).toEqual({
      access: "invited-only",
      couple: { names: ["Lucía", "Mateo"] },
      theme: published.content.theme,
      contacts: [{ name: "Carmen (hermana de Lucía)", role: published.content.contacts[0]?.role }],
      version: 3,
    });
    expect(locations).toEqual([]);
  });

  it("should get the couple, the date, public events and their places under 'basics', and never private details", () => {
    const { site, locations } = siteFor({ kind: "stranger", visibility: "basics" });
    if (site.access === "invited-only") throw new Error("basics shows the program");
    expect(site.access).toBe("basics");
    expect(site.wedding.date).toBe("2027-06-12");
    expect(site.events.map((event) => event.id)).toEqual(["ceremonia", "banquete", "fiesta"]);
    expect(locations.map((location) => location.id)).toEqual(["iglesia-santa-maria", "hacienda-los-olivos"]);
    expect(site.accommodations).toEqual([]);
    expect(site.gifts).toBeNull();
    expect(site.faq).toEqual([]);
    expect(site.contacts).toEqual([{ name: "Carmen (hermana de Lucía)", role: published.content.contacts[0]?.role }]);
    const wire = JSON.stringify({ site, locations });
    for (const detail of PRIVATE_DETAILS) expect(wire).not.toContain(detail);
  });

  it("should get every public detail under 'everything', but still not events kept for a guest tag", () => {
    const site = openSite({ kind: "stranger", visibility: "everything" });
    expect(site.access).toBe("full");
    expect(site.gifts?.bankTransfer?.iban).toBe("ES91 2100 0418 4502 0005 1332");
    expect(site.events.map((event) => event.id)).not.toContain("cena-ensayo");
  });
});

describe("a household", () => {
  it("should see the events of its tags and every practical detail", () => {
    const family = openSite({ kind: "guest", tags: ["familia"] });
    expect(family.events.map((event) => event.id)).toEqual(["cena-ensayo", "ceremonia", "banquete", "fiesta"]);
    expect(family.accommodations[0]?.bookingCode).toBe("BODA-LYM");
    expect(family.contacts[0]?.whatsapp).toBe("+34600111222");
  });

  it("should not see an event kept for another tag, nor its place", () => {
    const { site, locations } = siteFor({ kind: "guest", tags: ["amigos"] });
    if (site.access === "invited-only") throw new Error("guests see the page");
    expect(site.events.map((event) => event.id)).not.toContain("cena-ensayo");
    expect(locations.map((location) => location.id)).not.toContain("casa-familia");
  });
});

describe("the couple", () => {
  it("should see every event and every detail", () => {
    const couple = openSite({ kind: "couple" });
    expect(couple.events).toHaveLength(published.content.events.length);
    expect(couple.gifts?.bankTransfer).toBeDefined();
  });
});

describe("views built once per version", () => {
  it("should share one view between households with the same tags in any order", () => {
    expect(audienceKey({ kind: "guest", tags: ["familia", "amigos"] })).toBe(
      audienceKey({ kind: "guest", tags: ["amigos", "familia", "amigos"] }),
    );
    const views = createAudienceViews();
    const first = views.viewFor(published, { kind: "guest", tags: ["familia", "amigos"] });
    expect(views.viewFor(published, { kind: "guest", tags: ["amigos", "familia"] })).toBe(first);
  });

  it("should build a new view for a new publish", () => {
    const views = createAudienceViews();
    const before = views.viewFor(published, { kind: "couple" });
    const next = { ...published, version: 4 };
    expect(views.viewFor(next, { kind: "couple" }).site.version).toBe(4);
    expect(views.viewFor(published, { kind: "couple" })).toBe(before);
  });
});

describe("where a household sits", () => {
  const household: Household = {
    key: "garcia",
    displayName: "Familia García",
    seats: 3,
    members: [
      { id: "ana", name: "Ana García", child: false },
      { id: "pedro", name: "Pedro López", child: false, table: "5" },
      { id: "leo", name: "Leo", child: true, table: "Infantil" },
    ],
    plusOnes: 0,
    tags: ["familia"],
    language: "es",
    table: "5",
    code: "ABCDEFGHJKMNPQRS",
    codeIssuedAt: "2026-10-01T10:00:00.000Z",
  };
  const asHousehold = { kind: "household", uid: "household:garcia", household } as const;

  it("should show the household its table and each member who sits elsewhere, in the wedding week and on the day", () => {
    for (const phase of ["wedding-week", "day-of"] as const) {
      expect(seatingFor(asHousehold, phase)).toEqual({ table: "5", members: [{ name: "Leo", table: "Infantil" }] });
    }
  });

  it("should keep the tables hidden before the wedding week and after the day", () => {
    for (const phase of ["save-the-date", "rsvp-open", "after"] as const) {
      expect(seatingFor(asHousehold, phase)).toBeNull();
    }
  });

  it("should never show tables to a stranger or to the couple, in any phase", () => {
    for (const phase of SITE_PHASES) {
      expect(seatingFor({ kind: "stranger" }, phase)).toBeNull();
      expect(seatingFor({ kind: "couple", uid: "couple" }, phase)).toBeNull();
    }
  });

  it("should show members' own tables when the household has none, and nothing when nobody has one", () => {
    const split = { ...household, table: undefined };
    expect(seatingFor({ ...asHousehold, household: split }, "day-of")).toEqual({
      table: null,
      members: [
        { name: "Pedro López", table: "5" },
        { name: "Leo", table: "Infantil" },
      ],
    });
    const unseated = { ...split, members: split.members.map(({ table: _table, ...member }) => member) };
    expect(seatingFor({ ...asHousehold, household: unseated }, "day-of")).toBeNull();
  });
});
