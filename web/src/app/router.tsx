// The page's routes: dashboard (its code fetched on first visit), locations, the household's answer and the
// couple's page (both fetched when first opened), and everything else sent to locations.
import { createHashRouter, Navigate, type RouteObject } from "react-router-dom";
import { Loading } from "../components/query-status";
import { paths } from "../config/paths";
import { LocationsScreen } from "../features/locations/locations-screen";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazy screen's code downloads when it is the first screen opened.
    hydrateFallbackElement: <Loading />,
    children: [
      {
        path: paths.home.path,
        errorElement: <RouteError />,
        lazy: async () => {
          const { DashboardScreen } = await import("./dashboard-route");
          return { Component: DashboardScreen };
        },
      },
      { path: paths.locations.path, element: <LocationsScreen />, errorElement: <RouteError /> },
      {
        path: paths.rsvp.path,
        errorElement: <RouteError />,
        lazy: async () => {
          const { RsvpScreen } = await import("../features/invitation/rsvp-screen");
          return { Component: RsvpScreen };
        },
      },
      {
        path: paths.couple.path,
        errorElement: <RouteError />,
        lazy: async () => {
          const { CoupleScreen } = await import("../features/couple/couple-screen");
          return { Component: CoupleScreen };
        },
      },
      // Replace, so Back does not bounce the guest to the unknown address again.
      { path: "*", element: <Navigate replace to={paths.locations.href()} /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
