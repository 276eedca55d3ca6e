// What the places query takes: all of the viewer's places, or the place of one event.
import { z } from "zod";
import { Slug } from "./content";

export const LocationsListInput = z
  .strictObject({
    /** Only the place of this event ("Cómo llegar" from an event card). */
    eventId: Slug.optional(),
  })
  .optional();
