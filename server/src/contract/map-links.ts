// Directions links derived from a location's address and coordinates, so the couple never pastes map URLs.
import type { Location } from "./content";

export interface MapLinks {
  google: string;
  apple: string;
  waze: string;
  uber: string;
}

export function mapLinks(location: Pick<Location, "name" | "address" | "coordinates">): MapLinks {
  const { lat, lng } = location.coordinates;
  const latLng = `${lat},${lng}`;
  const google = new URL("https://www.google.com/maps/search/");
  google.searchParams.set("api", "1");
  google.searchParams.set("query", latLng);
  const apple = new URL("https://maps.apple.com/");
  apple.searchParams.set("ll", latLng);
  apple.searchParams.set("q", location.name);
  apple.searchParams.set("address", location.address);
  const waze = new URL("https://waze.com/ul");
  waze.searchParams.set("ll", latLng);
  waze.searchParams.set("navigate", "yes");
  const uber = new URL("https://m.uber.com/ul/");
  uber.searchParams.set("action", "setPickup");
  uber.searchParams.set("pickup", "my_location");
  uber.searchParams.set("dropoff[latitude]", String(lat));
  uber.searchParams.set("dropoff[longitude]", String(lng));
  uber.searchParams.set("dropoff[nickname]", location.name);
  uber.searchParams.set("dropoff[formatted_address]", location.address);
  return { google: google.href, apple: apple.href, waze: waze.href, uber: uber.href };
}
