// Reading and changing the site's switches inside a Remote Config template: every key must be a declared
// `Switches` parameter with the right value type, and every value must pass the shared zod schema. Pure.
import { SITE_PHASES, Switches, type SwitchKey } from "@boda/server/contract/switches";
import type { Problem } from "./problems";

export interface TemplateParameter {
  defaultValue?: { value?: string; useInAppDefault?: boolean };
  conditionalValues?: Record<string, unknown>;
  description?: string;
  valueType?: string;
}

export interface TemplateLike {
  parameters: Record<string, TemplateParameter>;
}

export const SWITCH_KEYS = Object.keys(Switches.shape) as SwitchKey[];

/** Remote Config value type each switch must be declared with. */
export function expectedValueType(key: SwitchKey): "BOOLEAN" | "STRING" {
  return Switches.shape[key].def.type === "boolean" ? "BOOLEAN" : "STRING";
}

const EXAMPLES: Record<SwitchKey, string> = {
  site_phase: "pnpm seed config set site_phase wedding-week",
  rsvp_open: "pnpm seed config set rsvp_open false",
  rsvp_deadline: "pnpm seed config set rsvp_deadline 2027-05-01",
  guestbook_enabled: "pnpm seed config set guestbook_enabled true",
  stranger_visibility: "pnpm seed config set stranger_visibility basics",
};

function isSwitchKey(key: string): key is SwitchKey {
  return (SWITCH_KEYS as string[]).includes(key);
}

/** Turns what the couple typed into the typed value, or a problem saying what is accepted. */
export function parseSwitchValue(
  key: string,
  raw: string,
  /** Today in the wedding's time zone; a deadline before it is refused. */
  today?: string,
): { key: SwitchKey; value: Switches[SwitchKey] } | Problem {
  if (!isSwitchKey(key)) {
    return {
      where: `key "${key}"`,
      message: `unknown switch; the switches are: ${SWITCH_KEYS.join(", ")}`,
      example: EXAMPLES.site_phase,
    };
  }
  const schema = Switches.shape[key];
  const typed =
    expectedValueType(key) === "BOOLEAN"
      ? (({ true: true, false: false } as Record<string, unknown>)[raw.trim()] ?? raw)
      : raw.trim();
  const parsed = schema.safeParse(typed);
  if (!parsed.success) {
    return {
      where: `${key} = "${raw}"`,
      message: parsed.error.issues[0]?.message ?? "invalid value",
      example: EXAMPLES[key],
    };
  }
  if (key === "rsvp_deadline" && today && typeof parsed.data === "string" && parsed.data < today) {
    return {
      where: `${key} = "${raw}"`,
      message: `${parsed.data} is in the past (today is ${today}); guests could no longer answer`,
      example: EXAMPLES[key],
    };
  }
  return { key, value: parsed.data };
}

/** The switches' current default values, plus problems for missing, mistyped or invalid parameters. */
export function readSwitches(
  template: TemplateLike,
  where: string,
): { values: Partial<Switches>; problems: Problem[] } {
  const values: Partial<Record<SwitchKey, unknown>> = {};
  const problems: Problem[] = [];
  for (const key of SWITCH_KEYS) {
    const parameter = template.parameters[key];
    if (!parameter) {
      problems.push({
        where: `${where} parameters.${key}`,
        message: "is not declared; the site needs it",
        example: `"${key}": { "defaultValue": { "value": "…" }, "valueType": "${expectedValueType(key)}" }`,
      });
      continue;
    }
    const declared = parameter.valueType ?? "STRING";
    if (declared !== expectedValueType(key)) {
      problems.push({
        where: `${where} parameters.${key}.valueType`,
        message: `is ${declared} but must be ${expectedValueType(key)}`,
      });
      continue;
    }
    const raw = parameter.defaultValue?.value;
    const typed = declared === "BOOLEAN" ? (raw === "true" ? true : raw === "false" ? false : raw) : raw;
    const parsed = Switches.shape[key].safeParse(typed);
    if (parsed.success) values[key] = parsed.data;
    else
      problems.push({
        where: `${where} parameters.${key}.defaultValue.value`,
        message: parsed.error.issues[0]?.message ?? "invalid",
        example: EXAMPLES[key],
      });
  }
  return { values: values as Partial<Switches>, problems };
}

/** Parameters the template declares that the site does not read (typos such as `rsvp_opne`). */
export function undeclaredParameters(template: TemplateLike): string[] {
  return Object.keys(template.parameters).filter((key) => !isSwitchKey(key));
}

export function describePhases(current: string | undefined): string {
  return SITE_PHASES.map((phase) => (phase === current ? `[${phase}]` : phase)).join(" → ");
}
