// The household's answer as a guest gives it: the form's rules with errors next to each field, sending, editing,
// failures that keep what was typed, and the read-only answer once answers close. The real router checks it.
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEY } from "../../lib/i18n/language";
import { garcia, tom } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

const BEFORE_DEADLINE = () => new Date("2027-03-01T10:00:00Z");

afterEach(() => {
  vi.restoreAllMocks();
});

const group = (name: string | RegExp) => screen.getByRole("group", { name });

async function answerComing(user: UserEvent, person: string) {
  await user.click(within(group(`¿Viene ${person}?`)).getByRole("radio", { name: "Sí, asistirá" }));
}

/** Fills in the family of four: three members and a plus-one who is a child, with meals. */
async function fillFamily(user: UserEvent) {
  await answerComing(user, "Carmen García");
  const carmen = group("Carmen García");
  await user.selectOptions(within(carmen).getByRole("combobox", { name: "Menú" }), "Pescado");
  await user.click(within(carmen).getByRole("checkbox", { name: "Sin gluten (celiaquía)" }));
  await answerComing(user, "Antonio Fernández");
  const antonio = group("Antonio Fernández");
  await user.click(within(antonio).getByRole("checkbox", { name: /Fiesta/ }));
  await user.selectOptions(within(antonio).getByRole("combobox", { name: "Menú" }), "Carne");
  await answerComing(user, "Pablo");
  await user.selectOptions(within(group("Pablo · niño/a")).getByRole("combobox", { name: "Menú" }), "Menú infantil");
  const guest = group("Acompañante 1");
  await user.click(within(guest).getByRole("radio", { name: "Sí, asistirá" }));
  await user.type(within(guest).getByRole("textbox", { name: "Nombre del acompañante" }), "Lucas");
  await user.click(within(guest).getByRole("checkbox", { name: "Es un niño o una niña" }));
  await user.selectOptions(within(guest).getByRole("combobox", { name: "Menú" }), "Menú infantil");
}

describe("answering the invitation", () => {
  it("greets the household on the dashboard and takes it to the form", async () => {
    const { user } = renderApp({ history: ["/"], signedInAs: garcia, bff: { now: BEFORE_DEADLINE } });
    expect(await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" })).toBeTruthy();
    expect(screen.getByText("Todavía no habéis respondido a la invitación.")).toBeTruthy();
    expect(screen.getByText(/hasta el sábado, 1 de mayo de 2027/)).toBeTruthy();
    await user.click(screen.getAllByRole("link", { name: "Confirmar asistencia" })[0] as HTMLElement);
    expect(await screen.findByRole("heading", { level: 1, name: "Confirmar asistencia" })).toBeTruthy();
    expect(screen.getByText("Familia Fernández García · 4 plazas")).toBeTruthy();
  });

  it("shows what to fix next to each field, keeps what was typed, and focuses the first problem", async () => {
    const { user, bff } = renderApp({ history: ["/confirmar"], signedInAs: garcia, bff: { now: BEFORE_DEADLINE } });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await user.click(within(group("Acompañante 1")).getByRole("radio", { name: "Sí, asistirá" }));
    await user.type(screen.getByRole("textbox", { name: "Un mensaje para los novios (opcional)" }), "¡Qué ilusión!");
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));

    expect(screen.getByRole("alert").textContent).toBe("Hay 3 cosas que revisar antes de enviar.");
    for (const person of ["Carmen García", "Antonio Fernández", "Pablo"]) {
      expect(within(group(`¿Viene ${person}?`)).getByText("Indica si viene o no.")).toBeTruthy();
    }
    expect(document.activeElement).toBe(
      within(group("¿Viene Carmen García?")).getByRole("radio", { name: "Sí, asistirá" }),
    );
    expect(
      screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Un mensaje para los novios (opcional)" }).value,
    ).toBe("¡Qué ilusión!");

    await fillFamily(user);
    await user.clear(within(group("Acompañante 1")).getByRole("textbox", { name: "Nombre del acompañante" }));
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    const name = within(group("Acompañante 1")).getByRole("textbox", { name: "Nombre del acompañante" });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(within(group("Acompañante 1")).getByText("Escribe el nombre del acompañante.")).toBeTruthy();
    expect(bff.answerOf("fernandez-garcia")).toBeNull();
  });

  it("sends the whole household's answer, thanks them, and shows it on every later visit", async () => {
    const { user, bff } = renderApp({ history: ["/confirmar"], signedInAs: garcia, bff: { now: BEFORE_DEADLINE } });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(within(group("¿Usaréis el autobús?")).getByRole("radio", { name: "Sí" }));
    await user.type(screen.getByRole("textbox", { name: "Una canción que no puede faltar" }), "Bailando");
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));

    expect(
      await screen.findByRole("heading", { level: 2, name: "¡Gracias! Hemos recibido vuestra respuesta." }),
    ).toBeTruthy();
    expect(screen.getByText("Respuesta enviada: 4 de 4 asistirán.")).toBeTruthy();
    const stored = bff.answerOf("fernandez-garcia");
    expect(stored?.people.map((person) => [person.name, person.child, person.mealId])).toEqual([
      ["Carmen García", false, "pescado"],
      ["Antonio Fernández", false, "carne"],
      ["Pablo", true, "infantil"],
      ["Lucas", true, "infantil"],
    ]);
    expect(stored?.people[1]?.attending).toEqual({
      "cena-ensayo": true,
      ceremonia: true,
      banquete: true,
      fiesta: false,
    });
    expect(stored?.people[0]?.dietary).toEqual(["gluten-free"]);
    expect(stored?.answers).toEqual({ autobus: true, cancion: "Bailando" });
    const lucas = screen.getByRole("heading", { level: 3, name: "Lucas · niño/a" }).closest("li");
    expect(lucas?.textContent).toContain("Menú infantil");
  });

  it("lets the household change its answer, starting from what it sent", async () => {
    const { user, bff } = renderApp({ history: ["/confirmar"], signedInAs: garcia, bff: { now: BEFORE_DEADLINE } });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    await user.click(await screen.findByRole("button", { name: "Cambiar la respuesta" }));

    const pablo = group("¿Viene Pablo?");
    expect(within(pablo).getByRole<HTMLInputElement>("radio", { name: "Sí, asistirá" }).checked).toBe(true);
    await user.click(within(pablo).getByRole("radio", { name: "No podrá venir" }));
    await user.click(screen.getByRole("button", { name: "Guardar los cambios" }));
    expect(await screen.findByText("Respuesta enviada: 3 de 4 asistirán.")).toBeTruthy();
    expect(bff.answerOf("fernandez-garcia")?.revision).toBe(2);
  });

  it("keeps every answer and offers a retry when the connection drops while sending", async () => {
    let online = false;
    const { user, bff } = renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE, networkDown: (path) => path === "rsvp.submit" && !online },
    });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("parece que no hay conexión. Lo que has escrito sigue aquí");
    expect(
      within(group("Acompañante 1")).getByRole<HTMLInputElement>("textbox", { name: "Nombre del acompañante" }).value,
    ).toBe("Lucas");
    online = true;
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." })).toBeTruthy();
    expect(bff.answerOf("fernandez-garcia")?.people).toHaveLength(4);
  });

  it("tells the guest the answer was saved when it landed but its reply was lost, and saves it once", async () => {
    const { user, bff, calls } = renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE, failFirst: { "rsvp.reply": "unavailable" } },
    });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    // The page asked whether its key landed, and it had: the guest is told so, truthfully.
    expect(await screen.findByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." })).toBeTruthy();
    expect(calls.filter((call) => call.path === "rsvp.submit")).toHaveLength(1);
    expect(bff.answerOf("fernandez-garcia")).toMatchObject({ revision: 1 });
  });

  it("sends the same key again on a retry after a 503, so the answer is saved once", async () => {
    const { user, bff, calls } = renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE, failFirst: { "rsvp.save": "unavailable" } },
    });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("no se guardará dos veces");
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("heading", { name: "¡Gracias! Hemos recibido vuestra respuesta." })).toBeTruthy();
    const keys = calls
      .filter((call) => call.path === "rsvp.submit")
      .map((call) => (call.input as { submissionId?: string }).submissionId);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bff.answerOf("fernandez-garcia")).toMatchObject({ revision: 1, submissionId: keys[0] });
  });

  it("says a server failure is on our side, and keeps the answers", async () => {
    const { user } = renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE, failFirst: { "rsvp.save": "broken" } },
    });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    expect((await screen.findByRole("alert")).textContent).toContain("por un problema nuestro");
    expect(within(group("¿Viene Pablo?")).getByRole<HTMLInputElement>("radio", { name: "Sí, asistirá" }).checked).toBe(
      true,
    );
  });

  it("keeps an answer sent offline on the device, lists it as waiting, and sends it once when the signal returns", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { user, calls, bff } = renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE },
    });
    await screen.findByRole("group", { name: "¿Viene Carmen García?" });
    await fillFamily(user);
    await user.click(screen.getByRole("button", { name: "Enviar respuesta" }));
    const waiting = await screen.findByRole("region", { name: "Pendiente de enviar" });
    expect(within(waiting).getByText("Vuestra respuesta")).toBeTruthy();
    expect(within(waiting).getByRole("status").textContent).toBe(
      "Guardado en este dispositivo: se enviará al recuperar la conexión.",
    );
    expect(calls.map((call) => call.path)).not.toContain("rsvp.submit");

    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Pendiente de enviar" })).toBeNull());
    expect(
      await screen.findByRole("heading", { level: 2, name: "¡Gracias! Hemos recibido vuestra respuesta." }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === "rsvp.submit")).toHaveLength(1);
    expect((await bff.services.rsvps.get(garcia.key))?.people.map((person) => person.name)).toContain("Lucas");
  });

  it("shows a waiting answer that met another device's change, never saving over it, until the guest reviews it", async () => {
    window.localStorage.setItem(STORAGE_KEY, "en");
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { user, bff, calls } = renderApp({ history: ["/confirmar"], signedInAs: tom, bff: { now: BEFORE_DEADLINE } });
    await user.click(
      within(await screen.findByRole("group", { name: "Is Tom Baker coming?" })).getByRole("radio", {
        name: "Yes, coming",
      }),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Meal" }), "Meat");
    await user.click(screen.getByRole("button", { name: "Send answer" }));
    await screen.findByRole("region", { name: "Waiting to send" });
    // Meanwhile another phone of the household answers, with signal.
    await bff.services.rsvps.save({
      householdKey: "tom-baker",
      expectedRevision: 0,
      submissionId: "other-phone",
      by: { kind: "household", uid: "household:tom-baker" },
      now: BEFORE_DEADLINE(),
      build: (meta) => ({
        householdKey: "tom-baker",
        people: [
          {
            personId: "tom-baker",
            name: "Tom Baker",
            child: false,
            attending: { ceremonia: false, banquete: false, fiesta: false },
            dietary: [],
          },
        ],
        answers: {},
        ...meta,
      }),
    });
    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    const waiting = screen.getByRole("region", { name: "Waiting to send" });
    expect((await within(waiting).findByRole("alert")).textContent).toBe(
      "Your household's answer changed meanwhile: review it and send again.",
    );
    expect((await bff.services.rsvps.get("tom-baker"))?.revision).toBe(1);

    await user.click(within(waiting).getByRole("button", { name: "Review" }));
    // The waiting answer is back in the form, over the other phone's revision.
    expect(
      within(group("Is Tom Baker coming?")).getByRole<HTMLInputElement>("radio", { name: "Yes, coming" }).checked,
    ).toBe(true);
    expect(screen.queryByRole("region", { name: "Waiting to send" })).toBeNull();
    await user.click(screen.getByRole("button", { name: /Send answer|Save changes/ }));
    await screen.findByRole("heading", { name: /Thank you/ });
    expect((await bff.services.rsvps.get("tom-baker"))?.revision).toBe(2);
    expect(calls.filter((call) => call.path === "rsvp.submit")).toHaveLength(2);
  });

  it("warns when someone else in the household answered meanwhile, and can show their answer", async () => {
    window.localStorage.setItem(STORAGE_KEY, "en");
    const { user, bff } = renderApp({ history: ["/confirmar"], signedInAs: tom, bff: { now: BEFORE_DEADLINE } });
    await screen.findByRole("group", { name: "Is Tom Baker coming?" });
    // Another phone of the household answers first.
    await bff.services.rsvps.save({
      householdKey: "tom-baker",
      expectedRevision: 0,
      submissionId: "other-phone",
      by: { kind: "household", uid: "household:tom-baker" },
      now: new Date(),
      build: (meta) => ({
        householdKey: "tom-baker",
        people: [
          {
            personId: "tom-baker",
            name: "Tom Baker",
            child: false,
            attending: { ceremonia: false, banquete: false, fiesta: false },
            dietary: [],
          },
        ],
        answers: {},
        ...meta,
      }),
    });
    await user.click(within(group("Is Tom Baker coming?")).getByRole("radio", { name: "Yes, coming" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Meal" }), "Meat");
    await user.click(screen.getByRole("button", { name: "Send answer" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Someone in your household changed the answer meanwhile");
    await user.click(within(alert).getByRole("button", { name: "See their answer" }));
    expect(
      within(group("Is Tom Baker coming?")).getByRole<HTMLInputElement>("radio", { name: "Can't come" }).checked,
    ).toBe(true);
  });

  it("shows the saved answer read-only once the deadline has passed in the wedding's time zone", async () => {
    window.localStorage.setItem(STORAGE_KEY, "en");
    const { bff } = renderApp({
      history: ["/confirmar"],
      signedInAs: tom,
      bff: {
        now: () => new Date("2027-05-01T22:00:00Z"),
        rsvps: [
          {
            householdKey: "tom-baker",
            people: [
              {
                personId: "tom-baker",
                name: "Tom Baker",
                child: false,
                attending: { ceremonia: true, banquete: true, fiesta: true },
                mealId: "pescado",
                dietary: [],
              },
            ],
            answers: {},
            message: "See you there!",
            respondedAt: "2027-02-01T10:00:00.000Z",
            revision: 1,
          },
        ],
      },
    });
    expect(await screen.findByRole("heading", { level: 2, name: "Your answer" })).toBeTruthy();
    expect(screen.getByText("See you there!")).toBeTruthy();
    expect(screen.getByText(/Answers closed on Saturday, 1 May 2027/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change the answer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send answer" })).toBeNull();
    expect(bff.answerOf("tom-baker")?.revision).toBe(1);
  });

  it("says the couple closed the answers while rsvp_open is off", async () => {
    renderApp({
      history: ["/confirmar"],
      signedInAs: garcia,
      bff: { now: BEFORE_DEADLINE, switches: { rsvp_open: false } },
    });
    expect(await screen.findByText(/Los novios han cerrado las respuestas/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enviar respuesta" })).toBeNull();
  });
});

describe("signing in", () => {
  it("signs in from an invite link, in the household's language, and takes the code out of the address", async () => {
    const { router } = renderApp({ history: [`/?invite=${tom.code.toLowerCase()}`], bff: { now: BEFORE_DEADLINE } });
    expect(await screen.findByRole("heading", { level: 2, name: "Hello, Tom Baker!" })).toBeTruthy();
    // The greeting can show a moment before the redemption settles and the address is cleaned.
    await waitFor(() => expect(router.location.search).toBe(""));
    expect(router.navigationType).toBe("REPLACE");
  });

  it("explains a wrong code kindly, says who to ask, and keeps the public page", async () => {
    renderApp({ history: ["/?invite=ZZZZ-ZZZZ-ZZZZ-ZZZZ&lang=es"] });
    const problem = await screen.findByRole("heading", { level: 2, name: "No hemos podido abrir la invitación" });
    const notice = problem.closest("div");
    expect(notice?.textContent).toContain("Este código de invitación no es válido");
    expect(notice?.textContent).toContain("Pídeselo a Carmen.");
    expect(screen.getByRole("heading", { level: 2, name: "Programa" })).toBeTruthy();
  });

  it("takes a code typed from the card, with a hint for an incomplete one", async () => {
    const { user } = renderApp({ history: ["/"] });
    const field = await screen.findByRole("textbox", { name: "Código de invitación" });
    await user.type(field, "abcd-efgh");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect((await screen.findByRole("alert")).textContent).toContain("El código no está completo");
    expect((field as HTMLInputElement).value).toBe("abcd-efgh");
    await user.clear(field);
    await user.type(field, "abcd efgh jkmn pqrs");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByRole("heading", { level: 2, name: "¡Hola, Familia Fernández García!" })).toBeTruthy();
  });

  it("lets a guest on someone else's invitation sign out and type their own code", async () => {
    const { user } = renderApp({ history: ["/"], signedInAs: garcia });
    const notYou = await screen.findByText(/¿No sois Familia Fernández García\?/);
    await user.click(within(notYou).getByRole("button", { name: "Usar otra invitación" }));
    const field = await screen.findByRole("textbox", { name: "Código de invitación" });
    expect(document.activeElement).toBe(field);
  });
});

describe("the couple's page", () => {
  it("asks for the couple's account, refuses a wrong password, then shows everyone's answers", async () => {
    const { user } = renderApp({ history: ["/pareja"], bff: { now: BEFORE_DEADLINE } });
    await user.type(await screen.findByLabelText("Correo electrónico"), "pareja@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "mal");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("El correo o la contraseña no son correctos.");
    await user.clear(screen.getByLabelText("Contraseña"));
    await user.type(screen.getByLabelText("Contraseña"), "correcta");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("rowheader", { name: "Familia Fernández García" })).toBeTruthy();
    expect(within(table).getAllByText("Sin responder")).toHaveLength(2);
  });
});
