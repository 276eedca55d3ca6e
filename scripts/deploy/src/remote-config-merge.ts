// What a deploy does to the project's Remote Config: the repository's template brings the switches' declarations
// (which exist, their types and descriptions); the values stay as the couple set them on the project with
// `pnpm seed --project … config set`, so a deploy on the wedding day never turns `site_phase` back to the file's value.
import { isDeepStrictEqual } from "node:util";
import type { Problem } from "@boda/kit/problems";
import { readSwitches, type TemplateLike, undeclaredParameters } from "@boda/kit/switches-template";
import type { RemoteConfigTemplate } from "./google-apis";

export interface TemplateMerge {
  template: RemoteConfigTemplate;
  /** One line per difference from the live template (empty: nothing to publish). */
  changes: string[];
  /** Live values kept although the repository's file says otherwise, for the plan. */
  kept: string[];
  problems: Problem[];
}

export function mergeTemplate(local: RemoteConfigTemplate, live: RemoteConfigTemplate | undefined): TemplateMerge {
  const liveParameters = live?.parameters ?? {};
  const parameters: RemoteConfigTemplate["parameters"] = {};
  const changes: string[] = [];
  const kept: string[] = [];
  for (const [key, declared] of Object.entries(local.parameters)) {
    const current = liveParameters[key];
    if (!current) {
      parameters[key] = declared;
      changes.push(`add ${key} = ${declared.defaultValue?.value ?? "(in-app default)"}`);
      continue;
    }
    parameters[key] = { ...current, description: declared.description, valueType: declared.valueType };
    if (current.valueType !== declared.valueType)
      changes.push(`${key}: type ${current.valueType} → ${declared.valueType}`);
    if (current.description !== declared.description) changes.push(`${key}: new description`);
    if (current.defaultValue?.value !== declared.defaultValue?.value) {
      kept.push(`${key} = ${current.defaultValue?.value} (the repository's file says ${declared.defaultValue?.value})`);
    }
  }
  for (const key of Object.keys(liveParameters)) {
    if (!(key in local.parameters)) changes.push(`remove ${key} (the site does not read it)`);
  }
  const template: RemoteConfigTemplate = {
    parameters,
    // Conditions and groups made in the console stay: the site evaluates defaults only, and they harm nothing.
    conditions: live?.conditions ?? local.conditions ?? [],
    parameterGroups: live?.parameterGroups ?? local.parameterGroups ?? {},
  };
  const { problems } = readSwitches(template as TemplateLike, "Remote Config after the deploy");
  for (const key of undeclaredParameters(template as TemplateLike)) {
    problems.push({ where: `remoteconfig.template.json parameters.${key}`, message: "the site does not read it" });
  }
  const unchanged = live !== undefined && isDeepStrictEqual(parameters, liveParameters);
  return { template, changes: unchanged ? [] : changes, kept, problems };
}
