// The program's calendar buttons as a guest uses them: each event and the whole wedding saved as an .ics file with
// the right times, Google Calendar links, and what the page says after the tap, in Spanish and English.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catchDownloads, onlyDownload } from "../../test/downloads";
import { parseIcs } from "../../test/ics";
import { renderApp } from "../../test/render-app";

async function program() {
  const heading = await screen.findByRole("heading", { level: 2, name: /^(Programa|Programme)$/ });
  const section = heading.closest("section");
  if (!section) throw new Error("the program is a section");
  return section;
}

describe("program: add to calendar", () => {
  it("saves one event's file with its instants, place and dress code, and says so", async () => {
    const downloads = catchDownloads();
    const { user } = renderApp({ history: ["/"] });
    const section = await program();
    await user.click(within(section).getByRole("button", { name: "Añadir al calendario: Ceremonia" }));

    const status = await within(section).findByText(/^Descargado boda-lucia-mateo-ceremonia\.ics/);
    expect(status.getAttribute("role")).toBe("status");
    const file = await onlyDownload(downloads);
    expect(file.fileName).toBe("boda-lucia-mateo-ceremonia.ics");
    const { events } = parseIcs(file.text);
    expect(events).toMatchObject([
      {
        summary: "Ceremonia · Boda de Lucía & Mateo",
        start: "2027-06-12T16:00:00.000Z",
        end: "2027-06-12T17:00:00.000Z",
        location: "Iglesia Prioral de Santa María\nPlaza Marqués de las Torres, 41410 Carmona, Sevilla",
        description: "Vestimenta: Formal. Hará calor.",
      },
    ]);
  });

  it("saves the whole wedding in English, the party after midnight included", async () => {
    const downloads = catchDownloads();
    const { user } = renderApp({ history: ["/"] });
    await program();
    await user.click(screen.getByRole("button", { name: "EN" }));
    const section = await program();
    await user.click(within(section).getByRole("button", { name: "Add the whole wedding to your calendar" }));

    await within(section).findByText("Downloaded wedding-lucia-mateo.ics: open it to add it to your calendar.");
    const file = await onlyDownload(downloads);
    expect(file.fileName).toBe("wedding-lucia-mateo.ics");
    const { events } = parseIcs(file.text);
    expect(events.map(({ summary, start, end }) => [summary, start, end])).toEqual([
      ["Ceremony · Lucía & Mateo's wedding", "2027-06-12T16:00:00.000Z", "2027-06-12T17:00:00.000Z"],
      ["Cocktails and dinner · Lucía & Mateo's wedding", "2027-06-12T17:30:00.000Z", "2027-06-12T22:30:00.000Z"],
      ["Party · Lucía & Mateo's wedding", "2027-06-12T22:30:00.000Z", "2027-06-13T02:00:00.000Z"],
    ]);
  });

  it("links each event to Google Calendar with its dates, zone and place", async () => {
    renderApp({ history: ["/"] });
    const section = await program();
    const party = within(section).getByRole("link", { name: "Añadir Fiesta a Google Calendar" });
    expect(party.getAttribute("target")).toBe("_blank");
    const url = new URL(party.getAttribute("href") ?? "");
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("text")).toBe("Fiesta · Boda de Lucía & Mateo");
    expect(url.searchParams.get("dates")).toBe("20270612T223000Z/20270613T020000Z");
    expect(url.searchParams.get("ctz")).toBe("Europe/Madrid");
    // The places arrive after the program: the link then carries the address too.
    await waitFor(() =>
      expect(
        new URL(
          within(section).getByRole("link", { name: "Añadir Fiesta a Google Calendar" }).getAttribute("href") ?? "",
        ).searchParams.get("location"),
      ).toBe("Hacienda Los Olivos, Carretera A-398 km 4, 41410 Carmona, Sevilla"),
    );
    expect(within(section).getByText("¿Usas Google Calendar? Cada evento tiene su enlace.")).toBeTruthy();
  });

  it("opens the file from a data: link where the browser has neither Blob URLs nor downloads", async () => {
    const downloads = catchDownloads({ blobUrls: false });
    const download = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, "download");
    Reflect.deleteProperty(HTMLAnchorElement.prototype, "download");
    try {
      const { user } = renderApp({ history: ["/"] });
      const section = await program();
      await user.click(within(section).getByRole("button", { name: "Añadir al calendario: Fiesta" }));
      await within(section).findByText("Abriendo el calendario. Si no se abre, usa Google Calendar.");
    } finally {
      if (download) Object.defineProperty(HTMLAnchorElement.prototype, "download", download);
    }
    const file = await onlyDownload(downloads);
    expect(file.href.startsWith("data:text/calendar;charset=utf-8,")).toBe(true);
    const { events } = parseIcs(file.text);
    expect(events.map(({ start, end }) => [start, end])).toEqual([
      ["2027-06-12T22:30:00.000Z", "2027-06-13T02:00:00.000Z"],
    ]);
  });

  it("gives every calendar control a name of its own in English", async () => {
    const { user } = renderApp({ history: ["/"] });
    await program();
    await user.click(screen.getByRole("button", { name: "EN" }));
    const section = await program();
    expect(within(section).getByRole("button", { name: "Add to calendar: Ceremony" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Add to calendar: Party" })).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Add Ceremony to Google Calendar" })).toBeTruthy();
    expect(within(section).getByText("Using Google Calendar? Each event has its own link.")).toBeTruthy();
  });
});
