// Push messages on the day: guests' browsers subscribe (through the BFF) to the topic of their language, and
// `pnpm seed notify` sends to those topics. One name for both.
import type { Language } from "./language";

export function notifyTopic(language: Language): string {
  return `guests-${language}`;
}
