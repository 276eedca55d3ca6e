// Directions links: each maps or ride app opens at the named place, with coordinates where the app takes them.
import { describe, expect, it } from "vitest";
import { mapLinks } from "./map-links";

const church = {
  name: "Iglesia Prioral de Santa María",
  address: "Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
  coordinates: { lat: 37.4716, lng: -5.6418 },
};

const params = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe("mapLinks", () => {
  it("should search Google Maps for the place by name and address", () => {
    const { google } = mapLinks(church);
    expect(google).toBe(
      "https://www.google.com/maps/search/?api=1&query=Iglesia+Prioral+de+Santa+Mar%C3%ADa%2C+Plaza+Marqu%C3%A9s+de+las+Torres%2C+41410+Carmona%2C+Sevilla",
    );
    expect(params(google).query).toBe(
      "Iglesia Prioral de Santa María, Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
    );
  });

  it("should name the place in Apple Maps at its coordinates and address", () => {
    const { apple } = mapLinks(church);
    expect(apple.startsWith("https://maps.apple.com/?")).toBe(true);
    expect(params(apple)).toEqual({
      ll: "37.4716,-5.6418",
      q: "Iglesia Prioral de Santa María",
      address: "Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
    });
  });

  it("should start Waze navigation to the coordinates under the place's name", () => {
    const { waze } = mapLinks(church);
    expect(waze.startsWith("https://waze.com/ul?")).toBe(true);
    expect(params(waze)).toEqual({ ll: "37.4716,-5.6418", q: "Iglesia Prioral de Santa María", navigate: "yes" });
  });

  it("should ask Uber for a ride from here to the named place", () => {
    const { uber } = mapLinks(church);
    expect(uber.startsWith("https://m.uber.com/ul/?")).toBe(true);
    expect(params(uber)).toEqual({
      action: "setPickup",
      pickup: "my_location",
      "dropoff[latitude]": "37.4716",
      "dropoff[longitude]": "-5.6418",
      "dropoff[nickname]": "Iglesia Prioral de Santa María",
      "dropoff[formatted_address]": "Plaza Marqués de las Torres, 41410 Carmona, Sevilla",
    });
  });

  it("should keep an ampersand or hash in a name inside its parameter", () => {
    const { google, waze } = mapLinks({ ...church, name: "Bar Pepe & Hijos #2" });
    expect(params(google).query).toBe("Bar Pepe & Hijos #2, Plaza Marqués de las Torres, 41410 Carmona, Sevilla");
    expect(params(waze).q).toBe("Bar Pepe & Hijos #2");
  });
});
