// Directions links derived from a location's name, address and coordinates, so the couple never pastes map URLs.
// Every app is given the place's name as well as where it is, so it opens at the named place, not a bare pin.
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
  // Google's Maps URLs have no coordinates-plus-name search; "name, address" finds the place and shows its card.
  const google = new URL("https://www.google.com/maps/search/");
  google.searchParams.set("api", "1");
  google.searchParams.set("query", `${location.name}, ${location.address}`);
  const apple = new URL("https://maps.apple.com/");
  apple.searchParams.set("ll", latLng);
  apple.searchParams.set("q", location.name);
  apple.searchParams.set("address", location.address);
  // With `ll` and `navigate=yes` Waze drives to the coordinates; `q` names the destination.
  const waze = new URL("https://waze.com/ul");
  waze.searchParams.set("ll", latLng);
  waze.searchParams.set("q", location.name);
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
