// The diff the couple reads before publishing, and the change notices guests get when times or places move.
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@boda/kit/repo";
import { Content } from "@boda/server/contract/content";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { contentEquals, diffContent, eventChanges, formatDiff } from "./content-diff";

const example = Content.parse(
  parse(readFileSync(path.join(REPO_ROOT, "scripts/seed/content/boda.example.yaml"), "utf8")),
);
const clone = (): Content => structuredClone(example);

describe("diffContent", () => {
  it("finds no difference between equal contents", () => {
    expect(contentEquals(example, clone())).toBe(true);
    expect(diffContent(example, clone())).toEqual([]);
  });

  it("names list items by id, so adding one does not shift the others", () => {
    const after = clone();
    after.faq.push({ question: { es: "¿Hay parking?" }, answer: { es: "Sí" } });
    after.events.splice(1, 0, {
      id: "preboda",
      title: { es: "Preboda" },
      start: "2027-06-12T12:00",
      end: "2027-06-12T14:00",
      locationId: "casa-familia",
      visibleTo: [],
      meal: false,
    });
    const ceremony = after.events.find((event) => event.id === "ceremonia");
    if (ceremony) ceremony.start = "2027-06-12T18:30";
    expect(formatDiff(diffContent(example, after))).toEqual([
      '  ~ events[ceremonia].start: "2027-06-12T18:00" → "2027-06-12T18:30"',
      '  + events[preboda]: {"id":"preboda","title":{"es":"Preboda"},"start":"2027-06-12T12:00","end":"2027-06-12T14:…',
      '  + faq[2]: {"question":{"es":"¿Hay parking?"},"answer":{"es":"Sí"}}',
    ]);
  });

  it("shows a pure reordering", () => {
    const after = clone();
    after.meals.reverse();
    expect(contentEquals(example, after)).toBe(false);
    expect(formatDiff(diffContent(example, after))).toEqual([
      '  ~ meals (order): "carne, pescado, vegetariano, infantil" → "infantil, vegetariano, pescado, carne"',
    ]);
  });
});

describe("eventChanges", () => {
  it("records changed times and places, including a moved address", () => {
    const after = clone();
    const ceremony = after.events[1];
    const reception = after.locations[1];
    if (!ceremony || !reception) throw new Error("example changed");
    ceremony.end = "2027-06-12T19:15";
    reception.address = "Camino de la Vega 2, Carmona";
    const changes = eventChanges(example, after);
    expect(changes.map((change) => [change.eventId, change.changed])).toEqual([
      ["ceremonia", ["end"]],
      ["banquete", ["place"]],
      ["fiesta", ["place"]],
    ]);
    expect(changes[1]?.before.place.address).toBe("Carretera A-398 km 4, 41410 Carmona, Sevilla");
    expect(changes[1]?.after.place.address).toBe("Camino de la Vega 2, Carmona");
  });

  it("records nothing on first publication or for text-only edits", () => {
    const after = clone();
    if (after.events[0]) after.events[0].title = { es: "Cena" };
    expect(eventChanges(undefined, example)).toEqual([]);
    expect(eventChanges(example, after)).toEqual([]);
  });
});
