// The form's yes/no question as a guest meets it: read by its question, answered with the mouse or the keyboard,
// and, when left unanswered, saying so in words tied to the question.
import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithBff } from "../../test/render-app";
import type { DraftProblem } from "./rsvp-draft";
import { YesNoChoice } from "./yes-no-choice";

function IsAnaComing({ problem }: { problem?: DraftProblem }) {
  const [coming, setComing] = useState<boolean | null>(null);
  return (
    <YesNoChoice
      field="people.0.coming"
      legend="¿Viene Ana?"
      yesLabel="Sí, asistirá"
      noLabel="No podrá venir"
      value={coming}
      onChange={setComing}
      problem={problem}
    />
  );
}

describe("a yes/no question in the answer form", () => {
  it("is named by its question, each answer by its label, and starts unanswered", () => {
    renderWithBff(<IsAnaComing />);
    const question = screen.getByRole("group", { name: "¿Viene Ana?" });
    expect(question.getAttribute("aria-invalid")).toBeNull();
    const yes = screen.getByRole<HTMLInputElement>("radio", { name: "Sí, asistirá" });
    const no = screen.getByRole<HTMLInputElement>("radio", { name: "No podrá venir" });
    expect([yes.checked, no.checked]).toEqual([false, false]);
    // The first answer carries the field's id, so the form can put focus there when it is left unanswered.
    expect(yes.id).toBe("rsvp-people-0-coming");
  });

  it("is answered from the keyboard: Tab reaches it, Space chooses, the arrow keys change the answer", async () => {
    const { user } = renderWithBff(<IsAnaComing />);
    const yes = screen.getByRole<HTMLInputElement>("radio", { name: "Sí, asistirá" });
    const no = screen.getByRole<HTMLInputElement>("radio", { name: "No podrá venir" });

    await user.tab();
    expect(document.activeElement).toBe(yes);
    await user.keyboard(" ");
    expect([yes.checked, no.checked]).toEqual([true, false]);

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(no);
    expect([yes.checked, no.checked]).toEqual([false, true]);

    await user.keyboard("{ArrowLeft}");
    expect([yes.checked, no.checked]).toEqual([true, false]);
  });

  it("changes the answer by clicking a label", async () => {
    const { user } = renderWithBff(<IsAnaComing />);
    await user.click(screen.getByText("No podrá venir"));
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "No podrá venir" }).checked).toBe(true);
    await user.click(screen.getByText("Sí, asistirá"));
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Sí, asistirá" }).checked).toBe(true);
  });

  it("says what is missing under the question and ties it to the question for screen readers", () => {
    renderWithBff(<IsAnaComing problem={{ field: "people.0.coming", code: "attendance-required" }} />);
    const question = screen.getByRole("group", { name: "¿Viene Ana?", description: "Indica si viene o no." });
    expect(question.getAttribute("aria-invalid")).toBe("true");
  });
});
