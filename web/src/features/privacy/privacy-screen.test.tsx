// The privacy notice (#/privacidad): every stored field has a line, and the screen says who sees what, where, until
// when and whom to ask, in Spanish and English.
import { GuestbookEntry } from "@boda/server/contract/guestbook";
import { Household } from "@boda/server/contract/household";
import { LANGUAGE_STORAGE_KEY } from "@boda/server/contract/routes";
import { Rsvp, RsvpChange, RsvpPerson } from "@boda/server/contract/rsvp";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { garcia } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import { GUESTBOOK_FIELDS, HISTORY_FIELDS, HOUSEHOLD_FIELDS, PERSON_FIELDS, RSVP_FIELDS } from "./stored-data";

describe("what the privacy notice lists", () => {
  it.each([
    ["households/{key}", Household, HOUSEHOLD_FIELDS],
    ["rsvps/{key}", Rsvp, RSVP_FIELDS],
    ["rsvps/{key}, each person", RsvpPerson, PERSON_FIELDS],
    ["rsvps/{key}/history", RsvpChange, HISTORY_FIELDS],
    ["/guestbook", GuestbookEntry, GUESTBOOK_FIELDS],
  ])("has a line for every field stored in %s", (_document, schema, lines) => {
    expect(Object.keys(lines).toSorted()).toEqual(Object.keys(schema.shape).toSorted());
  });
});

describe("the privacy notice", () => {
  it("says in Spanish what is kept, that allergies are health data and who sees them, where, until when and whom to ask", async () => {
    renderApp({ history: ["/privacidad"] });
    const notice = await screen.findByRole("region", { name: "Privacidad" });
    expect(await within(notice).findByText(/Esta página es de Lucía y Mateo\./)).toBeTruthy();
    const answer = within(notice).getByRole("region", { name: "Tu respuesta" });
    expect(
      within(answer).getByText(/Alergias e intolerancias marcadas \(sin gluten, frutos secos…\): datos de salud/)
        .textContent,
    ).toContain("Lo ven: tu invitación, los novios, el catering");
    expect(within(notice).getByRole("heading", { level: 2, name: "Alergias: datos de salud" })).toBeTruthy();
    const where = within(notice).getByRole("region", { name: "Dónde se guarda" });
    expect(where.textContent).toContain("sin definir (esta copia de la página no está desplegada en Google Cloud)");
    expect(within(notice).getByRole("region", { name: "Estadísticas" }).textContent).toContain(
      "En esta página las estadísticas están desactivadas",
    );
    expect(within(notice).getByRole("region", { name: "Pedir una copia o que se borre" })).toBeTruthy();
    // A stranger does not get the contacts' phone numbers; the notice says where they are.
    expect(within(notice).getByText("Sus teléfonos aparecen al abrir tu invitación.")).toBeTruthy();
  });

  it("gives an invited guest the couple's contacts to call", async () => {
    renderApp({ history: ["/privacidad"], signedInAs: garcia });
    const notice = await screen.findByRole("region", { name: "Privacidad" });
    const contacts = await within(notice).findByRole("region", { name: "Contacto" });
    expect(within(contacts).getAllByRole("link", { name: /^Llamar a / }).length).toBeGreaterThan(0);
  });

  it("says it in English, with the region the deploy set", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    renderApp({
      history: ["/privacidad"],
      bff: {
        firebaseWebConfig: {
          projectId: "boda-lucia-mateo",
          apiKey: "web-api-key",
          serviceRegion: "europe-west1",
        },
      },
    });
    const notice = await screen.findByRole("region", { name: "Privacy" });
    expect(await within(notice).findByText(/This page belongs to Lucía and Mateo\./)).toBeTruthy();
    expect(within(notice).getByRole("region", { name: "Where it is kept" }).textContent).toContain("europe-west1");
    expect(within(notice).getByRole("heading", { level: 2, name: "Allergies: health data" })).toBeTruthy();
  });
});
