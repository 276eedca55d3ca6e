// Texts that belong to one lazily loaded feature, in both languages, typed so English must have every Spanish
// key (a missing or extra one fails the build), and picked by the guest's language.
import { useI18n } from "./language";

export interface FeatureTexts<T> {
  es: T;
  en: NoInfer<T>;
}

export function defineTexts<T>(texts: FeatureTexts<T>): FeatureTexts<T> {
  return texts;
}

export function useTexts<T>(texts: FeatureTexts<T>): T {
  return texts[useI18n().language];
}
