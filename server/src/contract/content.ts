// The wedding's content as the couple writes it (content file) and as it is stored in Firestore.
// One schema for the seed command, the BFF and the web; cross-references are checked here, once.
import { z } from "zod";
import { LocalizedText } from "./localized";

const ID_RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Ids are how the file refers to things (`locationId: finca`), so they are short, lowercase slugs. */
export const Slug = z
  .string()
  .regex(ID_RULE, { error: 'must be a lowercase slug such as "finca-los-olivos" (a-z, 0-9 and single dashes)' });

/** A local wall-clock time in the wedding's time zone, the way invitations print it. */
export const LocalDateTime = z.iso
  .datetime({
    local: true,
    precision: -1,
    error:
      'must be a local date and time such as "2027-06-12T17:30" (no seconds, no zone: the wedding\'s timeZone applies)',
  })
  // zod's ISO check always admits a trailing "Z" (UTC); here it would silently shift every time by hours.
  .refine((value) => !value.endsWith("Z"), {
    error: 'must be a local time without "Z" (UTC), such as "2027-06-12T17:30": the wedding\'s timeZone applies',
  });
export const LocalDate = z.iso.date({ error: 'must be a date such as "2027-06-12"' });

export const TimeZone = z.string().refine(isIanaTimeZone, {
  error: 'must be an IANA time zone such as "Europe/Madrid" or "America/Mexico_City"',
});

function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

const HttpsUrl = z.url({
  protocol: /^https$/,
  error: 'must be a full https:// address such as "https://example.com/page"',
});
const ImageUrl = z.string().refine((value) => value.startsWith("/") || /^https:\/\//.test(value), {
  error: 'must be a site path such as "/images/hero.jpg" or an https:// address',
});
const Phone = z.string().regex(/^\+[1-9]\d{6,14}$/, {
  error: 'must be an international phone number with country code and no spaces, such as "+34600111222"',
});
const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a 6-digit hex colour such as "#7a5c3e"' });

export const Coordinates = z.strictObject({
  lat: z.number().min(-90).max(90, { error: "latitude must be between -90 and 90" }),
  lng: z.number().min(-180).max(180, { error: "longitude must be between -180 and 180" }),
});
export type Coordinates = z.infer<typeof Coordinates>;

export const LOCATION_KINDS = ["ceremony", "reception", "party", "hotel", "transport", "other"] as const;

export const Location = z.strictObject({
  id: Slug,
  name: z.string().trim().min(1),
  kind: z.enum(LOCATION_KINDS, { error: `must be one of: ${LOCATION_KINDS.join(", ")}` }),
  address: z.string().trim().min(1),
  coordinates: Coordinates,
  parking: LocalizedText.optional(),
  transport: LocalizedText.optional(),
  arrival: LocalizedText.optional(),
});
export type Location = z.infer<typeof Location>;

export const WeddingEvent = z.strictObject({
  id: Slug,
  title: LocalizedText,
  start: LocalDateTime,
  end: LocalDateTime,
  locationId: Slug,
  dressCode: LocalizedText.optional(),
  description: LocalizedText.optional(),
  /** Guest tags that may see this event; empty means every guest. */
  visibleTo: z.array(Slug).default([]),
  /** A meal is served: guests coming to it choose one of the content's `meals` when answering. */
  meal: z.boolean().default(false),
});
export type WeddingEvent = z.infer<typeof WeddingEvent>;

export const GuestTag = z.strictObject({ id: Slug, label: z.string().trim().min(1) });

export const Accommodation = z.strictObject({
  id: Slug,
  name: z.string().trim().min(1),
  distanceKm: z.number().nonnegative(),
  url: HttpsUrl.optional(),
  bookingCode: z.string().trim().min(1).optional(),
  notes: LocalizedText.optional(),
});

export const FaqEntry = z.strictObject({ question: LocalizedText, answer: LocalizedText });

export const Gifts = z.strictObject({
  message: LocalizedText.optional(),
  registries: z.array(z.strictObject({ name: z.string().trim().min(1), url: HttpsUrl })).default([]),
  /** A "mesa de regalos" at a shop, described in words. */
  giftTable: LocalizedText.optional(),
  bankTransfer: z
    .strictObject({
      holder: z.string().trim().min(1),
      iban: z
        .string()
        .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,40}$/, { error: 'must be an IBAN such as "ES91 2100 0418 4502 0005 1332"' }),
      bank: z.string().trim().min(1).optional(),
      reference: LocalizedText.optional(),
    })
    .optional(),
});

export const Contact = z.strictObject({
  name: z.string().trim().min(1),
  role: LocalizedText,
  phone: Phone.optional(),
  whatsapp: Phone.optional(),
});

export const MealOption = z.strictObject({ id: Slug, label: LocalizedText });
export type MealOption = z.infer<typeof MealOption>;

export const RsvpQuestion = z.discriminatedUnion("kind", [
  z.strictObject({ id: Slug, kind: z.literal("text"), label: LocalizedText }),
  z.strictObject({ id: Slug, kind: z.literal("yes-no"), label: LocalizedText }),
  z.strictObject({
    id: Slug,
    kind: z.literal("choice"),
    label: LocalizedText,
    options: z
      .array(z.strictObject({ id: Slug, label: LocalizedText }))
      .min(2, { error: "a choice needs at least 2 options" }),
  }),
]);
export type RsvpQuestion = z.infer<typeof RsvpQuestion>;

export const Theme = z.strictObject({
  colors: z.strictObject({ primary: HexColor, background: HexColor, text: HexColor, accent: HexColor }),
  fonts: z.strictObject({ heading: z.string().trim().min(1), body: z.string().trim().min(1) }),
});
export type Theme = z.infer<typeof Theme>;

const ContentShape = z.strictObject({
  couple: z.strictObject({
    names: z.tuple([z.string().trim().min(1), z.string().trim().min(1)], {
      error: 'must list both names, such as ["Lucía", "Mateo"]',
    }),
    story: LocalizedText.optional(),
  }),
  wedding: z.strictObject({ date: LocalDate, timeZone: TimeZone }),
  hero: z.strictObject({
    title: LocalizedText,
    subtitle: LocalizedText.optional(),
    image: z.strictObject({ url: ImageUrl, alt: LocalizedText }).optional(),
  }),
  tags: z.array(GuestTag).default([]),
  locations: z.array(Location).min(1, { error: "add at least one location (where the wedding happens)" }),
  events: z.array(WeddingEvent).min(1, { error: "add at least one event (the ceremony, for example)" }),
  accommodations: z.array(Accommodation).default([]),
  faq: z.array(FaqEntry).default([]),
  gifts: Gifts.optional(),
  contacts: z.array(Contact).default([]),
  meals: z.array(MealOption).default([]),
  rsvpQuestions: z.array(RsvpQuestion).default([]),
  /** What the weather will be like and what to bring; the dashboard leads with it in the wedding week. */
  weatherNote: LocalizedText.optional(),
  /** Where guests find the photos afterwards (shared albums); shown once the wedding is over. */
  photos: z.array(z.strictObject({ name: z.string().trim().min(1), url: HttpsUrl })).default([]),
  theme: Theme,
});

const LISTS_WITH_IDS = ["locations", "events", "tags", "accommodations", "meals", "rsvpQuestions"];
const CROSS_REFERENCED_FIELDS = ["id", "locationId", "visibleTo"];

/**
 * Cross-references are checked even when unrelated fields have problems, so the couple sees every problem in
 * one run; only a problem in the ids and references themselves (or a list that is not a list) skips them.
 */
function crossReferencesReadable(payload: { issues: ReadonlyArray<{ path?: PropertyKey[] }> }): boolean {
  return payload.issues.every(({ path = [] }) => {
    if (path.length === 0) return false;
    if (!LISTS_WITH_IDS.includes(String(path[0]))) return true;
    return path.length >= 3 && !CROSS_REFERENCED_FIELDS.includes(String(path[2]));
  });
}

const isLocalDateTime = (value: unknown) => LocalDateTime.safeParse(value).success;

/** The whole content, with every cross-reference (ids, tags, times) checked. */
export const Content = ContentShape.superRefine(
  (content, ctx) => {
    const locationIds = new Set(content.locations.map((location) => location.id));
    const tagIds = new Set(content.tags.map((tag) => tag.id));
    for (const [listName, list] of [
      ["locations", content.locations],
      ["events", content.events],
      ["tags", content.tags],
      ["accommodations", content.accommodations],
      ["meals", content.meals],
      ["rsvpQuestions", content.rsvpQuestions],
    ] as const) {
      const seen = new Map<string, number>();
      list.forEach((item, index) => {
        const first = seen.get(item.id);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [listName, index, "id"],
            message: `id "${item.id}" is already used by ${listName}[${first}]; every id in ${listName} must be unique`,
          });
        } else seen.set(item.id, index);
      });
    }
    if (content.meals.length > 0 && !content.events.some((event) => event.meal)) {
      ctx.addIssue({
        code: "custom",
        path: ["meals"],
        message: "meals are listed but no event serves one; add `meal: true` to the events with a meal (the dinner)",
      });
    }
    content.events.forEach((event, index) => {
      if (!locationIds.has(event.locationId)) {
        ctx.addIssue({
          code: "custom",
          path: ["events", index, "locationId"],
          message: `unknown location "${event.locationId}"; use one of the ids under locations: ${[...locationIds].join(", ")}`,
        });
      }
      if (isLocalDateTime(event.start) && isLocalDateTime(event.end) && event.end <= event.start) {
        ctx.addIssue({
          code: "custom",
          path: ["events", index, "end"],
          message: `must be after start (${event.start}); for an event past midnight use the next day's date`,
        });
      }
      event.visibleTo.forEach((tag, tagIndex) => {
        if (!tagIds.has(tag)) {
          ctx.addIssue({
            code: "custom",
            path: ["events", index, "visibleTo", tagIndex],
            message: `unknown guest tag "${tag}"; declare it under tags first (declared: ${[...tagIds].join(", ") || "none"})`,
          });
        }
      });
    });
  },
  { when: crossReferencesReadable },
);
export type Content = z.infer<typeof Content>;
export type ContentInput = z.input<typeof Content>;
