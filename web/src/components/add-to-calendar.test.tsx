// What a guest with no signal sees when the calendar code has not been fetched yet: a way out, not silence.
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { calendarEvent, calendarFile } from "../lib/calendar";
import { es } from "../lib/i18n/es";
import { catchDownloads } from "../test/downloads";
import { coupleViews } from "../test/fixtures";
import { renderWithBff } from "../test/render-app";
import { EventCalendarActions } from "./add-to-calendar";

vi.mock("../lib/ics-file", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("add to calendar without the calendar code", () => {
  it("says the file could not be made and points to Google Calendar, which still works", async () => {
    const downloads = catchDownloads();
    const { site } = coupleViews();
    const ceremony = site.events.find((event) => event.id === "ceremonia");
    if (!ceremony) throw new Error("the example wedding has a ceremony");
    const entry = calendarEvent(ceremony, site, undefined, "es", es);
    const { user } = renderWithBff(
      <EventCalendarActions event={entry} eventTitle="Ceremonia" file={calendarFile([entry], site, es)} />,
    );
    await user.click(screen.getByRole("button", { name: "Añadir al calendario: Ceremonia" }));
    const status = await screen.findByText(
      "No hemos podido preparar el calendario. Comprueba tu conexión o usa Google Calendar.",
    );
    expect(status.getAttribute("role")).toBe("status");
    expect(downloads).toEqual([]);
    expect(screen.getByRole("link", { name: "Añadir Ceremonia a Google Calendar" }).getAttribute("href")).toContain(
      "dates=20270612T160000Z%2F20270612T170000Z",
    );
  });
});
