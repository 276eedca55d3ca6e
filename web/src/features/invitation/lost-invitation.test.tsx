// "Lost your invitation?" as a guest uses it, with the real router behind the page: a name typed with or without
// accents, its surnames in either order, or a nickname the couple declared gets the household a sign-in link; a
// name two households share gets none; the page's answer is the same words every time, with the couple's contact.
// And, once signed in, the household's table at the top of the page in the wedding's last days.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { garcia, tom } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

const listed = { ...garcia, email: "carmen@example.com", nicknames: ["Carmencita"] };
const twinA = {
  ...tom,
  key: "lopez-a",
  email: "ana.a@example.com",
  members: [{ id: "ana", name: "Ana López", child: false }],
};
const twinB = { ...twinA, key: "lopez-b", email: "ana.b@example.com", code: "ZYXWVTSRQPNMKJHG" };
const households = [listed, tom, twinA, twinB];

const SAME_ANSWER =
  "Si está en la lista de invitados con un correo, acabamos de enviar un enlace para entrar al correo de la lista. Si en unos minutos no ha llegado (mira también en spam), escribe a los novios.";

async function lookUp(typed: string, switches: { stranger_visibility?: "basics" | "everything" } = {}) {
  const view = renderApp({ history: ["/"], bff: { households, switches } });
  const card = within(await screen.findByRole("region", { name: "¿Has perdido la invitación?" }));
  await view.user.type(card.getByRole("textbox", { name: "Tu correo o tu nombre" }), typed);
  await view.user.click(card.getByRole("button", { name: "Enviarme un enlace" }));
  const answer = await card.findByRole("status");
  return { ...view, card, answer: answer.textContent };
}

describe("getting back in without the link", () => {
  for (const typed of ["carmen garcia", "CARMEN GARCÍA", "Antonio Fernandez", "Carmencita"]) {
    it(`should email the household a sign-in link for "${typed}"`, async () => {
      const { bff, answer } = await lookUp(typed);
      expect(answer).toBe(SAME_ANSWER);
      expect(bff.sentSignInLinks).toEqual(["carmen@example.com"]);
    });
  }

  it("should find a name with the two surnames in the other order", async () => {
    const { bff } = await lookUp("Familia García Fernández");
    expect(bff.sentSignInLinks).toEqual(["carmen@example.com"]);
  });

  it("should send no link for a name two households share, and say exactly the same, with the couple's contact", async () => {
    const { bff, answer, card } = await lookUp("Ana López", { stranger_visibility: "everything" });
    expect(answer).toBe(SAME_ANSWER);
    expect(bff.sentSignInLinks).toEqual([]);
    // The contact's number only where the couple let strangers see phone numbers ("everything").
    const whatsapp = card.getByRole("link", { name: "Pedírselo a Carmen por WhatsApp" });
    expect(whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/34600111222\?text=%C2%A1Hola!/);
  });

  it("should say the same for a stranger and for a household without email", async () => {
    for (const typed of ["Nadie Conocido", "Tom Baker"]) {
      const { bff, answer, unmount } = await lookUp(typed);
      expect(answer).toBe(SAME_ANSWER);
      expect(bff.sentSignInLinks).toEqual([]);
      unmount();
    }
  });

  it("should show the typed address masked", async () => {
    const { answer, bff } = await lookUp("Carmen@Example.com");
    expect(answer).toContain("acabamos de enviar un enlace para entrar a c•••@example.com.");
    expect(bff.sentSignInLinks).toEqual(["carmen@example.com"]);
  });

  it("should ask for something to look up before sending", async () => {
    const view = renderApp({ history: ["/"], bff: { households } });
    const card = within(await screen.findByRole("region", { name: "¿Has perdido la invitación?" }));
    await view.user.click(card.getByRole("button", { name: "Enviarme un enlace" }));
    const field = card.getByRole("textbox", { name: "Tu correo o tu nombre" });
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(card.getByText("Escribe tu correo o tu nombre y apellidos.")).toBeTruthy();
  });
});

describe("the household's table", () => {
  const seated = {
    ...garcia,
    table: "5",
    members: garcia.members.map((member) => (member.id === "pablo" ? { ...member, table: "Infantil" } : member)),
  };

  it("should lead the household's page on the day, with whoever sits elsewhere", async () => {
    renderApp({
      history: ["/"],
      signedInAs: seated,
      bff: { households: [seated], switches: { site_phase: "day-of" } },
    });
    const table = await screen.findByRole("heading", { level: 2, name: "Vuestra mesa: 5" });
    expect(within(table.closest("section") as HTMLElement).getByText("Pablo: mesa Infantil")).toBeTruthy();
    // Right under the couple's names, before anything else on the page.
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe("Vuestra mesa: 5");
  });

  it("should name each member's table when the household has none", async () => {
    const split = { ...seated, table: undefined, members: seated.members.map((member) => ({ ...member, table: "7" })) };
    renderApp({ history: ["/"], signedInAs: split, bff: { households: [split], switches: { site_phase: "day-of" } } });
    const tables = await screen.findByRole("heading", { level: 2, name: "Vuestras mesas" });
    expect(within(tables.closest("section") as HTMLElement).getByText("Carmen García: mesa 7")).toBeTruthy();
  });

  it("should appear without a reload when the couple moves the phase to the wedding week", async () => {
    const { bff } = renderApp({ history: ["/"], signedInAs: seated, bff: { households: [seated] } });
    await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" });
    bff.setSwitches({ site_phase: "wedding-week" });
    expect(await screen.findByRole("heading", { level: 2, name: "Vuestra mesa: 5" })).toBeTruthy();
  });

  it("should stay hidden while answers are still open", async () => {
    renderApp({ history: ["/"], signedInAs: seated, bff: { households: [seated] } });
    await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" });
    expect(screen.queryByText(/Vuestra mesa/)).toBeNull();
  });
});
